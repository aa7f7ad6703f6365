import { z } from "zod";
import { ValidationError } from "../../../../core/errors";
import type { CatalogPort } from "../ports/catalog-port";
import { fieldsOf } from "../product";
import { emptyState, type RecordedDelta, type SessionState } from "../session-state";
import { ChangeLayoutInputSchema, changeLayout } from "./change-layout";
import { FilterProductsInputSchema, filterProducts } from "./filter-products";
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
 * from the products its delta recorded, as the user saw them (values included), never re-run or re-read,
 * so a catalog changed since (a price, a removed product) does not change what the past held; the steps
 * after it are pure functions of the state, so they replay exactly too. A delta recorded without its
 * products (older, or too large to keep) falls back to its ids, read by id at today's values.
 */
export const replayTo = async (
  catalog: CatalogPort,
  deltas: readonly RecordedDelta[],
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
  delta: RecordedDelta,
  states: ReadonlyMap<number, SessionState>,
): Promise<SessionState> => {
  const params = delta.action.params;
  const next = (outcome: ToolOutcome): SessionState => ({
    ...(outcome.change?.state ?? state),
    step: delta.step,
  });
  switch (delta.action.type) {
    case "SEARCH": {
      const products = delta.replay?.products ?? (await catalog.getByIds(delta.result.product_ids ?? []));
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
 * The step's stored template comes back with it, so title and fields are the ones the user saw.
 * Undo (no `to_step`) goes back one step, skipping nothing: undoing twice returns to where the first undo came from.
 */
export const rollback = async (
  catalog: CatalogPort,
  state: SessionState,
  deltas: readonly RecordedDelta[],
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
  // The template the user saw at that step, replayed as stored (Agent 2 never rebuilds it from "undo").
  const template = deltas.find((d) => d.step === toStep)?.template;
  return {
    ...(template ? { template } : {}),
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
