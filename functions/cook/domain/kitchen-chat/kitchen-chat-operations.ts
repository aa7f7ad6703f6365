import { z } from "zod";
import { DomainRefusedError, isLarderError } from "../../../core/errors";
import type { CookDeps } from "../ports/cook-deps";
import { MealTypeSchema, PlanDateSchema } from "../snapshots/planned-meal";
import { clearVariant } from "../use-cases/clear-variant";
import { createVariantFromInstruction } from "../use-cases/create-variant-from-instruction";
import { InstructionSchema } from "../variants/variant-request";
import { describePatchOp } from "./describe-patch-op";
import { namedMealsOf, refuseUnnamedMeal } from "./named-meals";
import { describeMeal, loadPlanMeals, type PlanMeal, toModelPlan } from "./plan-overview";

/*
 * What the kitchen chat can do to its plan, bound to the request's snapshot: no operation takes a
 * snapshot id, so neither the model nor a message can point one at another plan. The agent's tools and
 * the offline interpreter both call these, so they act and report alike.
 */

export const GetPlanInputSchema = z
  .object({
    date: PlanDateSchema.optional().describe(
      "Only the meals of this date (YYYY-MM-DD); omit for the whole plan",
    ),
  })
  .strict();

export const MealAddressInputSchema = z
  .object({
    date: PlanDateSchema.describe("The meal's date (YYYY-MM-DD) as get_plan lists it"),
    meal_type: MealTypeSchema.describe("The meal's meal_type as get_plan lists it"),
  })
  .strict();

export const ModifyRecipeInputSchema = MealAddressInputSchema.extend({
  instruction: InstructionSchema.describe(
    'The change to this one recipe in plain words, e.g. "replace the white rice with quinoa", "double it"',
  ),
}).strict();

export type GetPlanInput = z.output<typeof GetPlanInputSchema>;
export type MealAddressInput = z.output<typeof MealAddressInputSchema>;
export type ModifyRecipeInput = z.output<typeof ModifyRecipeInputSchema>;

/** Every output carries `summary`: one line for the chat's tool_calls and replies. */
export type GetPlanOutput = ReturnType<typeof toModelPlan> & { summary: string };

export type ModifyRecipeOutput =
  | { needs_clarification: true; clarification_message: string; summary: string }
  | {
      needs_clarification: false;
      date: string;
      meal_type: string;
      variant_id: string;
      recipe_name: string;
      ingredients: string[];
      changes: string[];
      warnings: string[];
      summary: string;
    };

export interface ClearVariantOutput {
  cleared: boolean;
  summary: string;
}

export interface KitchenChatOperations {
  /** The plan's meals with the base recipes (for the offline interpreter's own resolution). */
  loadMeals(): Promise<PlanMeal[]>;
  getPlan(input: GetPlanInput): Promise<GetPlanOutput>;
  modifyRecipe(input: ModifyRecipeInput): Promise<ModifyRecipeOutput>;
  clearVariant(input: MealAddressInput): Promise<ClearVariantOutput>;
  /** The summaries of the calls that changed the plan so far, in order. */
  changesMade(): readonly string[];
}

const PatchRefusalDetailsSchema = z.object({ reasons: z.array(z.string()) });

/**
 * A refused patch (422 `patch_invalid`, or `variant_outdated` when the variant's earlier ops no longer fit a
 * replaced base recipe) says why only in its details; the model sees an error's message, so the validator's
 * reasons go into it, and the model can rephrase, explain, or offer to clear the variant.
 */
const withRefusalReasons = (error: unknown): unknown => {
  if (!isLarderError(error) || (error.code !== "patch_invalid" && error.code !== "variant_outdated")) {
    return error;
  }
  const details = PatchRefusalDetailsSchema.safeParse(error.details);
  if (!details.success || details.data.reasons.length === 0) return error;
  const reasons = details.data.reasons.join("; ");
  const message =
    error.code === "variant_outdated"
      ? `${error.message} The earlier ops fail: ${reasons}`
      : `${error.message}: ${reasons}`;
  return new DomainRefusedError(message, {
    code: error.code,
    details: error.details,
    cause: error,
  });
};

/**
 * `message`: the user's message, when the operations serve a model; a change to a meal it does not name
 * is then refused back to the model (`refuseUnnamedMeal`).
 */
export const createKitchenChatOperations = (
  cook: CookDeps,
  snapshotId: string,
  message?: string,
): KitchenChatOperations => {
  const loadMeals = () => loadPlanMeals(cook, snapshotId);
  const named = message === undefined ? null : namedMealsOf(message);
  const changes: string[] = [];
  return {
    loadMeals,
    changesMade: () => [...changes],

    async getPlan(input) {
      const meals = (await loadMeals()).filter((meal) => !input.date || meal.view.date === input.date);
      const dates = [...new Set(meals.map((meal) => meal.view.date))];
      const summary =
        meals.length === 0
          ? `no meals${input.date ? ` on ${input.date}` : ""}`
          : `${meals.length} meal(s) from ${dates[0]} to ${dates[dates.length - 1]}`;
      return { ...toModelPlan(snapshotId, meals), summary };
    },

    async modifyRecipe(input) {
      refuseUnnamedMeal(named, input);
      const result = await createVariantFromInstruction(cook, { snapshot_id: snapshotId, ...input }).catch(
        (error: unknown) => {
          throw withRefusalReasons(error);
        },
      );
      if (result.needs_clarification) {
        const message = result.clarification_message;
        return { needs_clarification: true, clarification_message: message, summary: message };
      }
      const { variant } = result;
      // An instruction yields ingredient ops only, so the edit always leaves a variant.
      if (!variant) throw new Error("modify_recipe: the edit left no variant");
      const variantChanges = variant.patch_ops.map(describePatchOp);
      const summary = `${describeMeal(input)} is now ${variant.compiled_recipe.name}: ${variantChanges.join("; ")}`;
      changes.push(summary);
      return {
        needs_clarification: false,
        date: input.date,
        meal_type: input.meal_type,
        variant_id: variant.variant_id,
        recipe_name: variant.compiled_recipe.name,
        ingredients: variant.compiled_recipe.ingredients_raw,
        changes: variantChanges,
        warnings: variant.warnings,
        summary,
      };
    },

    async clearVariant(input) {
      refuseUnnamedMeal(named, input);
      const { cleared } = await clearVariant(cook, { snapshot_id: snapshotId, ...input });
      const summary = cleared
        ? `${describeMeal(input)} is back to its original recipe`
        : `${describeMeal(input)} had no modifications`;
      if (cleared) changes.push(summary);
      return { cleared, summary };
    },
  };
};
