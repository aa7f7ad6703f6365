import { z } from "zod";
import { COOK_LIMITS } from "../limits";
import { stripWarningNumbers } from "./strip-warning-numbers";

/** The LLM's tool name for warnings (forced tool call; `GeneratedWarningsSchema` is its input). */
export const WARNINGS_SCHEMA_NAME = "generate_warnings";

/** What a model may send back; generous, since finalizeWarnings trims it to the stored limits. */
export const GeneratedWarningsSchema = z.object({
  warnings: z.array(z.string().max(2000)).max(20),
});

/** A stripped warning with fewer words than this says nothing ("Bake." after "Bake 25 minutes."). */
const MIN_WORDS_AFTER_STRIP = 3;

export interface FinalizedWarnings {
  warnings: string[];
  /** How many warnings had numbers removed (logged as [WARN_STRIP]). */
  stripped: number;
  /** How many were dropped: empty after stripping, duplicates, or beyond the cap. */
  dropped: number;
}

const clip = (text: string): string =>
  text.length <= COOK_LIMITS.warningLength
    ? text
    : `${text.slice(0, COOK_LIMITS.warningLength - 1).trimEnd()}…`;

/** Strips numeric minutes and temperatures, drops empty and duplicate warnings, caps at 3. */
export const finalizeWarnings = (raw: readonly string[]): FinalizedWarnings => {
  const kept: string[] = [];
  const seen = new Set<string>();
  let stripped = 0;
  for (const warning of raw) {
    const result = stripWarningNumbers(warning);
    if (result.stripped) stripped += 1;
    const words = result.text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
    if (result.text === "" || (result.stripped && words < MIN_WORDS_AFTER_STRIP)) continue;
    const key = result.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(clip(result.text));
  }
  const warnings = kept.slice(0, COOK_LIMITS.warningsPerVariant);
  return { warnings, stripped, dropped: raw.length - warnings.length };
};
