/**
 * Size limits of the cook area's inputs. They bound every string and array a client or a model can send,
 * so an oversized or runaway input is refused with a 400 (or a 422 for a patch) before any work is done.
 */
export const COOK_LIMITS = {
  idLength: 64,
  recipeNameLength: 200,
  servingsMax: 100,
  ingredientsPerRecipe: 100,
  ingredientLineLength: 300,
  stepsPerRecipe: 100,
  stepLength: 2000,
  opsPerRequest: 20,
  /** Ops kept on one variant after merging; a variant is a small edit of its base, not a rewrite. */
  opsPerVariant: 50,
  ingredientNameLength: 200,
  quantityLength: 50,
  reasonLength: 200,
  instructionLength: 1000,
  clarificationLength: 1000,
  plannedMealsPerSnapshot: 200,
  componentsPerMeal: 6,
  warningsPerVariant: 3,
  warningLength: 300,
  /** scale_factor must lie in (0, scaleFactorMax]: "for 100 people" from a 4-serving recipe is a typo. */
  scaleFactorMax: 20,
} as const;
