import type { LlmIngredientReadings } from "../ingredient-lines/llm-ingredient-readings";
import type { RecipeLocale } from "../recipes/recipe-locale";

export interface LlmIngredientLine {
  line: string;
  locale: RecipeLocale;
}

/** The port: reads the given lines (at most LLM_INGREDIENT_LINES_MAX). */
export type IngredientLineLlmReader = (lines: readonly LlmIngredientLine[]) => Promise<LlmIngredientReadings>;
