import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import type { RankStepOutput } from "../runs/run-step-events";
import type { CoordinatorCartLine } from "../store-shapes";
import { brandTiersFor, DEFAULT_STORE_ID } from "../substitution/brand-tiers";
import { explainSubstitutes } from "../substitution/reason-generator";
import type { SubstitutionRules } from "../substitution/substitution-prompt-prefix";
import { originalItemFromCartLine } from "../substitution/substitution-worker";

/**
 * GenerateReasons (map item, step 5): the seed's ReasonGenerator (`explain_substitutes`), short pt-PT
 * reasons for the ranked candidates; the ranking's own reasons stay where the model fails. Answers the
 * ranking with its candidates' reasons and who wrote them.
 */
export const generateReasonsStep = async <R extends Pick<RankStepOutput, "candidates">>(
  deps: { llm: LlmPort; logger: LoggerPort },
  args: { item: CoordinatorCartLine; ranked: R; rules?: SubstitutionRules },
): Promise<R & { reasonsSource: RankStepOutput["source"] }> => {
  const prompt = { tiers: brandTiersFor(DEFAULT_STORE_ID), ...(args.rules ? { rules: args.rules } : {}) };
  const explained = await explainSubstitutes(
    { ...deps, ...prompt },
    {
      original: originalItemFromCartLine(args.item),
      candidates: args.ranked.candidates,
    },
  );
  return { ...args.ranked, candidates: explained.candidates, reasonsSource: explained.source };
};
