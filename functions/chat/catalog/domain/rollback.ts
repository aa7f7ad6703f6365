import { z } from "zod";
import { ValidationError } from "../../../core/errors";
import { ChangeLayoutInputSchema, changeLayout } from "./change-layout";
import { FilterProductsInputSchema, filterProducts } from "./filter-products";
import type { CatalogPort } from "./ports/catalog-port";
import { fieldsOf } from "./product";
import { type Delta, emptyState, type SessionState } from "./session-state";
import { SortProductsInputSchema, sortProducts } from "./sort-products";
import type { ToolOutcome } from "./tool-outcome";

export const ROLLBACK = "rollback";

export const RollbackInputSchema = z
  .object({
    to_step: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("The step to return to; omitted: the step before the current one (undo)"),
  })
  .strict();
export type RollbackInput = z.output<typeof RollbackInputSchema>;

/**
 * The state as it was after `toStep`, rebuilt by replaying the deltas from the start. A SEARCH is replayed
 * from the ids its delta recorded (read by id, in the recorded order), never re-run, so a catalog changed
 * since does not change which products the past held.
 */
export const replayTo = async (
  catalog: CatalogPort,
  deltas: readonly Delta[],
  toStep: number,
): Promise<SessionState> => {
  const byStep = new Map(deltas.map((d) => [d.step, d]));
  const states = new Map<number, SessionState>([[0, emptyState()]]);
  let state = emptyState();
  for (let step = 1; step <= toStep; step++) {
    const delta = byStep.get(step);
    if (!delta) throw new Error(`Delta history has no step ${step}`);
    state = await applyDelta(catalog, state, delta, states);
    states.set(step, state);
  }
  return state;
};

const applyDelta = async (
  catalog: CatalogPort,
  state: SessionState,
  delta: Delta,
  states: ReadonlyMap<number, SessionState>,
): Promise<SessionState> => {
  const params = delta.action.params;
  const next = (outcome: ToolOutcome): SessionState => ({
    ...(outcome.change?.state ?? state),
    step: delta.step,
  });
  switch (delta.action.type) {
    case "SEARCH": {
      const products = await catalog.getByIds(delta.result.product_ids ?? []);
      const fields = fieldsOf(products);
      return { current: { data: { products }, meta: { count: products.length, fields } }, step: delta.step };
    }
    case "FILTER":
      return next(filterProducts(state, FilterProductsInputSchema.parse(params)));
    case "SORT":
      return next(sortProducts(state, SortProductsInputSchema.parse(params)));
    case "LAYOUT":
      return next(changeLayout(state, ChangeLayoutInputSchema.parse(params)));
    case "ROLLBACK": {
      const target = states.get(Number(params.to_step));
      if (!target) throw new Error(`Rollback delta ${delta.step} names an unknown step`);
      return { ...target, step: delta.step };
    }
  }
};

/**
 * Returns to an earlier step: the rebuilt state becomes a new step with a ROLLBACK delta; history is kept.
 * Undo (no `to_step`) goes back one step, skipping nothing: undoing twice returns to where the first undo came from.
 */
export const rollback = async (
  catalog: CatalogPort,
  state: SessionState,
  deltas: readonly Delta[],
  input: RollbackInput,
): Promise<ToolOutcome> => {
  if (state.step === 0) return { tool_result: "empty: nothing to roll back" };
  const toStep = input.to_step ?? state.step - 1;
  if (toStep >= state.step) {
    throw new ValidationError("Can only roll back to an earlier step", [
      { path: "to_step", message: `must be below the current step ${state.step}` },
    ]);
  }
  const rebuilt = await replayTo(catalog, deltas, toStep);
  const step = state.step + 1;
  return {
    tool_result: `ok: rolled back to step ${toStep}, ${rebuilt.current.meta.count} products`,
    change: {
      state: { ...rebuilt, step },
      delta: {
        step,
        action: { type: "ROLLBACK", tool: ROLLBACK, params: { to_step: toStep } },
        result: { count: rebuilt.current.meta.count, fields: rebuilt.current.meta.fields },
      },
    },
  };
};
