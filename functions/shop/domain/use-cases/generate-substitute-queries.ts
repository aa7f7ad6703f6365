import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import { brandTiersFor, DEFAULT_STORE_ID } from "../substitution/brand-tiers";
import { generateSearchQueries } from "../substitution/query-generator";
import type { QueryGeneratorInput } from "../substitution/substitution-contracts";

/** Seed 000's QueryGenerator on its own (POST /shop/substitutes/queries): the model, else the heuristic. */
export const generateSubstituteQueries = (
  deps: { llm: LlmPort; logger: LoggerPort },
  input: QueryGeneratorInput,
) => generateSearchQueries({ ...deps, tiers: brandTiersFor(DEFAULT_STORE_ID) }, input);
