import { LOG_TAGS } from "../log-tags";
import type { CookDeps } from "../ports/cook-deps";
import type { WarningsGenerator, WarningsInput } from "../ports/warnings-generator";
import { finalizeWarnings, GeneratedWarningsSchema } from "./generated-warnings";
import { ruleBasedWarnings } from "./rule-based-warnings";

/** The generator's warnings, or null when it fails or answers out of shape (logged as [WARN_GEN]). */
const tryGenerator = async (
  deps: Pick<CookDeps, "logger">,
  generator: WarningsGenerator,
  input: WarningsInput,
  variantId: string,
): Promise<string[] | null> => {
  const started = Date.now();
  try {
    const generated = GeneratedWarningsSchema.shape.warnings.safeParse(await generator(input));
    if (generated.success) return generated.data;
    deps.logger.warn(`${LOG_TAGS.warnGen} generator output out of shape; using rule-based warnings`, {
      variant_id: variantId,
      latency_ms: Date.now() - started,
    });
  } catch (error) {
    deps.logger.warn(`${LOG_TAGS.warnGen} generator failed; using rule-based warnings`, {
      variant_id: variantId,
      latency_ms: Date.now() - started,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return null;
};

/**
 * Warnings for a freshly compiled variant (seed 001, phase 2): from the LLM generator when there is one,
 * else (or when it fails) the rule-based ones; then numeric minutes and temperatures stripped, capped at 3.
 */
export const generateVariantWarnings = async (
  deps: Pick<CookDeps, "logger" | "warningsGenerator">,
  input: WarningsInput,
  variantId: string,
): Promise<string[]> => {
  const started = Date.now();
  const generated = deps.warningsGenerator
    ? await tryGenerator(deps, deps.warningsGenerator, input, variantId)
    : null;
  const raw = generated ?? ruleBasedWarnings(input);
  deps.logger.info(`${LOG_TAGS.warnGen} warnings generated`, {
    variant_id: variantId,
    source: generated === null ? "rules" : "llm",
    count: raw.length,
    latency_ms: Date.now() - started,
  });
  const finalized = finalizeWarnings(raw);
  deps.logger.info(`${LOG_TAGS.warnStrip} numeric times and temperatures stripped`, {
    variant_id: variantId,
    stripped: finalized.stripped,
    dropped: finalized.dropped,
    kept: finalized.warnings.length,
  });
  return finalized.warnings;
};
