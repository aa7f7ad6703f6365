import { ShopRankCandidates } from "../wiring/shop-model-steps";
import { modelSources } from "../wiring/step-scope";

/** Coordinator, Map item, RankCandidates: the candidates ranked by value (shop-model-steps.ts). No table. */
export const handler = ShopRankCandidates.handlerFor(modelSources);
