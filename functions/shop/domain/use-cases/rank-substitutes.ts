import type { LlmPort } from "../../../core/llm/llm-port";
import type { LoggerPort } from "../../../core/logger-port";
import { brandTiersFor, DEFAULT_STORE_ID } from "../substitution/brand-tiers";
import type { ValueRankerInput } from "../substitution/substitution-contracts";
import { rankSubstitutesByValue } from "../substitution/value-ranker";

/** Seed 000's ValueRanker on its own (POST /shop/substitutes/rank): the model, else the heuristic. */
export const rankSubstitutes = (deps: { llm: LlmPort; logger: LoggerPort }, input: ValueRankerInput) =>
  rankSubstitutesByValue({ ...deps, tiers: brandTiersFor(DEFAULT_STORE_ID) }, input);
