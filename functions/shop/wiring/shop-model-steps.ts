import {
  generateReasonsEventSchema,
  itemEventSchema,
  rankCandidatesEventSchema,
  runKeysSchema,
} from "../domain/runs/run-step-events";
import { addUsage } from "../domain/runs/shop-run";
import { generateQueriesStep } from "../domain/use-cases/generate-queries-step";
import { generateReasonsStep } from "../domain/use-cases/generate-reasons-step";
import { pruneStockStep } from "../domain/use-cases/prune-stock-step";
import { rankCandidatesStep } from "../domain/use-cases/rank-candidates-step";
import { type ShopModelSources, type ShopTableSources, shopStep } from "./shop-step-sources";

/**
 * How long one item's model steps (queries, ranking, reasons) may wait on the model in all, from its
 * GenerateQueries: a healthy model answers the three in a few seconds each; a slow one (20 s a call) is
 * cut here and the item's last steps answer by heuristics, so a run ends at most about a minute after an
 * offline one (the items run at once) however slowly the model answers.
 */
export const ITEM_MODEL_WINDOW_MS = 40_000;
/** The same for PruneStock's one call, after the items. */
export const PRUNE_MODEL_WINDOW_MS = 15_000;

/** Map item, step 1: the seed's QueryGenerator (`generate_search_query`). Opens the item's model window. */
export const ShopGenerateQueries = /* @__PURE__ */ shopStep(
  "model",
  "GenerateQueries",
  itemEventSchema,
  (s: ShopModelSources, { tenant, item, rules }, context) => {
    // RankCandidates and GenerateReasons receive the window's end.
    const modelWindowEndsAt = s.now().getTime() + ITEM_MODEL_WINDOW_MS;
    return s.inRequestScope(
      context,
      { name: "GenerateQueries", tenant, windowEndsAt: modelWindowEndsAt },
      async ({ llm, runUsage }) => {
        const { queries, source } = await generateQueriesStep({ llm, logger: s.logger }, { item, rules });
        return { queries, source, usage: runUsage(), modelWindowEndsAt };
      },
    );
  },
);

/**
 * Map item, step 4: the seed's ValueRanker (`rank_substitutes_by_value`), then the category guard, price
 * cap, policy and brands, in code.
 */
export const ShopRankCandidates = /* @__PURE__ */ shopStep(
  "model",
  "RankCandidates",
  rankCandidatesEventSchema,
  (s: ShopModelSources, { item, policy, rules, search, modelWindowEndsAt }, context) =>
    s.inRequestScope(
      context,
      { name: "RankCandidates", windowEndsAt: modelWindowEndsAt },
      async ({ llm, runUsage }) => {
        const ranked = await rankCandidatesStep(
          { llm, logger: s.logger },
          { item, policy, rules, candidates: search.candidates },
        );
        return { ...ranked, usage: runUsage() };
      },
    ),
);

/**
 * Map item, step 5: the seed's ReasonGenerator (`explain_substitutes`): short pt-PT reasons for the ranked
 * candidates (the ranking's own stay where the model fails), with the item's LLM usage so far.
 */
export const ShopGenerateReasons = /* @__PURE__ */ shopStep(
  "model",
  "GenerateReasons",
  generateReasonsEventSchema,
  (s: ShopModelSources, { item, ranked, rules, modelWindowEndsAt }, context) =>
    s.inRequestScope(
      context,
      { name: "GenerateReasons", windowEndsAt: modelWindowEndsAt },
      async ({ llm, runUsage }) => {
        const explained = await generateReasonsStep(
          { llm, logger: s.logger },
          { item, ranked, ...(rules ? { rules } : {}) },
        );
        return { ...explained, usage: addUsage(ranked.usage, runUsage()) };
      },
    ),
);

/** PruneStock: the StockPruner on the cart and orders kept with the run (no store session). */
export const ShopPruneStock = /* @__PURE__ */ shopStep(
  "model",
  "PruneStock",
  runKeysSchema,
  (s: ShopModelSources & ShopTableSources, { tenant, runId }, context) =>
    s.inRequestScope(
      context,
      { name: "PruneStock", tenant, windowEndsAt: s.now().getTime() + PRUNE_MODEL_WINDOW_MS },
      async ({ llm, runUsage }) => {
        const outcome = await pruneStockStep(
          { runs: s.runsFor(tenant), llm, logger: s.logger, now: s.now },
          { runId },
        );
        return { value: outcome.proposals, source: outcome.source, usage: runUsage() };
      },
    ),
);

/**
 * The shop coordinator's model steps, by function id (lib/areas/shop.ts, the ASL's `…FnArn`): the state's
 * name, its Task input's schema, its use case in the step's model scope (step-scope.ts). Each answers by
 * a heuristic where the model fails, with the LLM usage the run keeps.
 */
export const SHOP_MODEL_STEPS = {
  ShopGenerateQueries,
  ShopRankCandidates,
  ShopGenerateReasons,
  ShopPruneStock,
};

export type ShopModelStepId = keyof typeof SHOP_MODEL_STEPS;
