import { parseOrThrow } from "../../../core/validation";
import { snapshotNotFound } from "../errors";
import { SnapshotIdSchema } from "../ids";
import { acceptLlmReadings, LLM_INGREDIENT_LINES_MAX } from "../ingredient-lines/llm-ingredient-readings";
import { type IngredientReading, isInvalidAmountProblem } from "../ingredient-lines/read-ingredient-line";
import type { CookDeps } from "../ports/cook-deps";
import type { LlmIngredientLine } from "../ports/ingredient-line-llm-reader";
import { resolveRecipeLocale } from "../recipes/recipe-locale";
import {
  buildShoppingList,
  type ShoppingList,
  type ShoppingRecipeEntry,
  type ShoppingSource,
} from "../shopping-list/shopping-list";
import type { PlannedMeal } from "../snapshots/planned-meal";
import { compareMeals } from "../snapshots/snapshot";

/**
 * The recipe ids a meal is cooked from: its main recipe (for a variant, the base it was compiled from,
 * whose locale the compiled lines are read in) and its components.
 */
const recipeIdsToLoad = (meal: PlannedMeal): string[] => [
  meal.variant ? meal.variant.base_recipe_id : meal.recipe_id,
  ...(meal.components ?? []).map((component) => component.recipe_id),
];

/**
 * `GET /plans/{snapshot_id}/shopping-list`: every meal contributes the recipe it will be cooked from (the
 * stored compiled variant when there is one, else the base) and its components' recipes. A recipe that no
 * longer exists is listed under `unparsed` rather than silently missing from the list.
 */
export const getShoppingList = async (
  deps: Pick<CookDeps, "plans" | "recipes"> & Partial<Pick<CookDeps, "ingredientReader" | "logger">>,
  snapshotId: string,
): Promise<ShoppingList> => {
  const id = parseOrThrow(SnapshotIdSchema, snapshotId, "snapshot_id");
  const snapshot = await deps.plans.getSnapshot(id);
  if (!snapshot) throw snapshotNotFound(id);
  const meals = [...snapshot.planned_meals].sort(compareMeals);
  const recipes = await deps.recipes.getRecipes([...new Set(meals.flatMap(recipeIdsToLoad))]);

  const entries: ShoppingRecipeEntry[] = [];
  const missing: { line: string; reason: string; source: ShoppingSource }[] = [];
  const addRecipe = (meal: PlannedMeal, recipeId: string) => {
    const source = { date: meal.date, meal_type: meal.meal_type, recipe_id: recipeId };
    const recipe = recipes.get(recipeId);
    if (recipe) entries.push({ source, ingredients_raw: recipe.ingredients_raw, locale: recipe.locale });
    else missing.push({ line: `(recipe ${recipeId})`, reason: "recipe not found", source });
  };
  for (const meal of meals) {
    if (meal.variant) {
      const compiled = meal.variant.compiled_recipe;
      // The compiled recipe has no locale of its own: it is written like its base (inferred if gone).
      entries.push({
        source: { date: meal.date, meal_type: meal.meal_type, recipe_id: compiled.id },
        ingredients_raw: compiled.ingredients_raw,
        locale: recipes.get(meal.variant.base_recipe_id)?.locale,
      });
    } else addRecipe(meal, meal.recipe_id);
    for (const component of meal.components ?? []) addRecipe(meal, component.recipe_id);
  }
  const rulesOnly = buildShoppingList(entries);
  const llmReadings = await readWithLlm(deps, entries, rulesOnly);
  const list = llmReadings.size > 0 ? buildShoppingList(entries, llmReadings) : rulesOnly;
  return { ...list, unparsed: [...list.unparsed, ...missing] };
};

/**
 * Where an LLM is configured, the lines the rules could not read whole go to it once per list; its
 * readings are checked (acceptLlmReadings) and used for those lines only. A failed call leaves the rules'
 * list as it is: the lines stay under `unparsed` with their reason.
 */
const readWithLlm = async (
  deps: Partial<Pick<CookDeps, "ingredientReader" | "logger">>,
  entries: readonly ShoppingRecipeEntry[],
  rulesOnly: ShoppingList,
): Promise<Map<string, IngredientReading>> => {
  if (deps.ingredientReader === undefined || rulesOnly.unparsed.length === 0) return new Map();
  const localeOf = new Map(rulesOnly.recipe_locales.map((used) => [used.recipe_id, used.locale]));
  const lines: LlmIngredientLine[] = [];
  for (const { line, source, reason } of rulesOnly.unparsed) {
    // A negative or absurd amount is the line's own fault: the model is not asked to guess another.
    if (isInvalidAmountProblem(reason)) continue;
    if (lines.length >= LLM_INGREDIENT_LINES_MAX || lines.some((asked) => asked.line === line)) continue;
    const entry = entries.find((candidate) => candidate.source.recipe_id === source.recipe_id);
    const locale =
      localeOf.get(source.recipe_id) ??
      resolveRecipeLocale(entry?.locale, entry?.ingredients_raw ?? []).locale;
    lines.push({ line, locale });
  }
  try {
    return acceptLlmReadings(lines, await deps.ingredientReader(lines));
  } catch (error) {
    deps.logger?.warn("[SHOPPING_LLM_READ] the LLM could not read the lines; the rules' reading stands", {
      lines: lines.length,
      error: error instanceof Error ? error.message : String(error),
    });
    return new Map();
  }
};
