import { NotFoundError } from "../../../core/errors";
import { parseOrThrow } from "../../../core/validation";
import { LOG_TAGS } from "../log-tags";
import type { CookDeps } from "../ports/cook-deps";
import type { Recipe } from "../recipes/recipe";
import { parseInstructionOffline } from "../variants/offline-instruction-parser";
import { type PatchGenResult, PatchGenResultSchema } from "../variants/patch-gen-result";
import { alignScaleWithInstruction, reconcileGeneratedOps } from "../variants/reconcile-generated-ops";
import { validatePatchOps } from "../variants/validate-patch-ops";
import { formatVariantId, MealAddressSchema } from "../variants/variant-id";
import { InstructionSchema } from "../variants/variant-request";
import { createVariantFromOps, type MealEditResult, refusePatch } from "./create-variant-from-ops";

export type InstructionResult =
  | ({ needs_clarification: false } & MealEditResult)
  | { needs_clarification: true; clarification_message: string };

const NOTHING_TO_DO =
  'I could not turn that into a change to this recipe. Try "replace X with Y", "remove X", "add Y", "double", "halve" or "for N people".';

type Generated = { result: PatchGenResult; source: "llm" | "offline" };

/**
 * The LLM generator's answer, checked with zod like any untrusted input; when there is no generator, or it
 * throws, or it answers out of shape, the offline parser answers instead (which asks for clarification when
 * it cannot parse). A model failure therefore never becomes a 500.
 */
const generatePatchOps = async (
  deps: Pick<CookDeps, "logger" | "patchOpsGenerator">,
  recipe: Recipe,
  instruction: string,
  variantId: string,
): Promise<Generated> => {
  const started = Date.now();
  let generated: Generated = { result: parseInstructionOffline(recipe, instruction), source: "offline" };
  if (deps.patchOpsGenerator) {
    try {
      const parsed = PatchGenResultSchema.safeParse(await deps.patchOpsGenerator({ recipe, instruction }));
      if (parsed.success) generated = { result: parsed.data, source: "llm" };
      else {
        deps.logger.warn(`${LOG_TAGS.patchGen} generator output out of shape; using the offline parser`, {
          variant_id: variantId,
          issues: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
        });
      }
    } catch (error) {
      deps.logger.warn(`${LOG_TAGS.patchGen} generator failed; using the offline parser`, {
        variant_id: variantId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  deps.logger.info(`${LOG_TAGS.patchGen} generated`, {
    variant_id: variantId,
    source: generated.source,
    instruction,
    ops: generated.result.ops.map((op) => op.op),
    needs_clarification: generated.result.needs_clarification,
    latency_ms: Date.now() - started,
  });
  return generated;
};

/**
 * `{ instruction }` on the variant route (and the chat's modify_recipe): generates PatchOps for the meal's
 * base recipe, then applies them like `createVariantFromOps`. The model's ops are first read against the
 * recipe (`reconcileGeneratedOps`: a repeated op is one, an index its name contradicts is refused). A
 * generator that cannot pick a single target
 * answers with a clarification, passed through as is. When the model's ops fail validation but the offline
 * parser understands the instruction with valid ops, those are used; otherwise the refusal stands (422).
 */
export const createVariantFromInstruction = async (
  deps: Pick<
    CookDeps,
    "plans" | "recipes" | "logger" | "clock" | "retryTiming" | "patchOpsGenerator" | "warningsGenerator"
  >,
  input: { snapshot_id: string; date: string; meal_type: string; instruction: unknown },
): Promise<InstructionResult> => {
  const address = parseOrThrow(MealAddressSchema, input, "meal address");
  const instruction = parseOrThrow(InstructionSchema, input.instruction, "instruction");
  const variantId = formatVariantId(address);
  const current = await deps.plans.getMeal(address.snapshot_id, address.date, address.meal_type);
  if (!current) {
    throw new NotFoundError(
      `No ${address.meal_type} planned on ${address.date} in snapshot ${address.snapshot_id}`,
    );
  }
  const base = await deps.recipes.getRecipe(current.meal.recipe_id);
  if (!base) throw new NotFoundError(`Recipe ${current.meal.recipe_id} not found`);

  const { result, source } = await generatePatchOps(deps, base, instruction, variantId);
  if (result.needs_clarification || result.ops.length === 0) {
    return {
      needs_clarification: true,
      clarification_message: result.clarification_message?.trim() || NOTHING_TO_DO,
    };
  }

  let ops = result.ops;
  if (source === "llm") {
    const reconciled = reconcileGeneratedOps(base.ingredients_raw, result.ops);
    if (reconciled.notes.length > 0) {
      deps.logger.info(`${LOG_TAGS.patchGen} model ops read`, {
        variant_id: variantId,
        notes: reconciled.notes,
      });
    }
    const offline = parseInstructionOffline(base, instruction);
    const offlineValid = !offline.needs_clarification && validatePatchOps(base, offline.ops).ok;
    const aligned = alignScaleWithInstruction(reconciled.ops, offlineValid ? offline.ops : []);
    if (aligned.note) {
      deps.logger.warn(`${LOG_TAGS.patchGen} model scale factor corrected`, {
        variant_id: variantId,
        note: aligned.note,
      });
    }
    ops = aligned.ops;
    if (reconciled.conflicts.length > 0 || !validatePatchOps(base, ops).ok) {
      if (offlineValid) {
        deps.logger.warn(`${LOG_TAGS.patchGen} model ops invalid; the offline parser's ops are used`, {
          variant_id: variantId,
          conflicts: reconciled.conflicts,
        });
        ops = offline.ops;
      } else if (reconciled.conflicts.length > 0) {
        // The seed's substring check would pass them at the index; the name says another line.
        refusePatch(deps, variantId, reconciled.conflicts);
      }
    }
  }
  const edited = await createVariantFromOps(deps, { ...address, ops });
  return { needs_clarification: false, ...edited };
};
