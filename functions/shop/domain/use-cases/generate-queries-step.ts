import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import type { CoordinatorCartLine } from "../store-shapes";
import { brandTiersFor, DEFAULT_STORE_ID } from "../substitution/brand-tiers";
import type { SubstitutionRules } from "../substitution/substitution-prompt-prefix";
import { generateItemQueries, originalItemFromCartLine } from "../substitution/substitution-worker";

/**
 * GenerateQueries (map item, step 1): the seed's QueryGenerator (`generate_search_query`) for one
 * unavailable cart line, the heuristic when the model fails; no query names a brand the household banned.
 */
export const generateQueriesStep = (
  deps: { llm: LlmPort; logger: LoggerPort },
  args: { item: CoordinatorCartLine; rules?: SubstitutionRules },
) =>
  generateItemQueries(
    { ...deps, tiers: brandTiersFor(DEFAULT_STORE_ID), ...(args.rules ? { rules: args.rules } : {}) },
    originalItemFromCartLine(args.item),
  );
