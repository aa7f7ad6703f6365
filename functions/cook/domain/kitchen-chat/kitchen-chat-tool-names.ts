/** Seed 001's chatbot tools, verbatim (get_plan is how the model learns the plan's dates). */
export const KITCHEN_TOOL_NAMES = {
  getPlan: "get_plan",
  modifyRecipe: "modify_recipe",
  clearVariant: "clear_variant",
} as const;
