import { z } from "zod";
import { INGREDIENT_UNITS } from "./ingredient-units";
import type { IngredientReading } from "./read-ingredient-line";

/**
 * Where an LLM is configured, it may read the lines the rules could not read whole. Its answer is
 * untrusted input: checked with zod, then each reading must name a known unit and a line that was asked;
 * the shopping list marks the items it made (`read_by_llm`). Offline, and when the call fails, the rules'
 * reading stands (the line stays under `unparsed`).
 */
export const INGREDIENT_READINGS_SCHEMA_NAME = "read_ingredient_lines";

/** At most this many lines go to the model per shopping list. */
export const LLM_INGREDIENT_LINES_MAX = 40;

export const LlmIngredientReadingSchema = z.object({
  line_index: z
    .number()
    .int()
    .min(0)
    .max(LLM_INGREDIENT_LINES_MAX - 1),
  quantity: z.number().min(0).max(100_000).nullable(),
  quantity2: z.number().min(0).max(100_000).nullable(),
  unit: z.string().max(40).nullable(),
  name: z.string().trim().min(1).max(120),
});
export const LlmIngredientReadingsSchema = z.object({
  readings: z.array(LlmIngredientReadingSchema).max(LLM_INGREDIENT_LINES_MAX),
});
export type LlmIngredientReadings = z.infer<typeof LlmIngredientReadingsSchema>;

/** The unit ids a reading may use, for the prompt and the check. */
export const LLM_UNIT_IDS: readonly string[] = Object.keys(INGREDIENT_UNITS);

/**
 * The model's readings that pass the checks, by line: a known unit (or none), a line that was asked, a
 * range whose high end is above its low end. Others are dropped, and their line stays unparsed.
 */
export const acceptLlmReadings = (
  // The lines asked (the port's LlmIngredientLine): only their text is read, so no import of the port.
  lines: readonly { line: string }[],
  readings: LlmIngredientReadings,
): Map<string, IngredientReading> => {
  const accepted = new Map<string, IngredientReading>();
  for (const reading of readings.readings) {
    const asked = lines[reading.line_index];
    if (asked === undefined || accepted.has(asked.line)) continue;
    if (reading.unit !== null && !(reading.unit in INGREDIENT_UNITS)) continue;
    if (reading.quantity2 !== null && (reading.quantity === null || reading.quantity2 <= reading.quantity))
      continue;
    if (!/\p{L}/u.test(reading.name)) continue;
    accepted.set(asked.line, {
      line: asked.line,
      quantity: reading.quantity,
      quantity2: reading.quantity2,
      unitId: reading.unit,
      unitText: null,
      name: reading.name.toLowerCase(),
      alternate: null,
      isGroupHeader: false,
      problem: null,
    });
  }
  return accepted;
};
