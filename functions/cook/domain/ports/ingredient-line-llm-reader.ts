import type { LlmIngredientReadings } from "../llm-ingredient-readings";
import type { RecipeLocale } from "../recipe-locale";

export interface LlmIngredientLine {
  line: string;
  locale: RecipeLocale;
}

/** The port: reads the given lines (at most LLM_INGREDIENT_LINES_MAX). */
export type IngredientLineLlmReader = (lines: readonly LlmIngredientLine[]) => Promise<LlmIngredientReadings>;
