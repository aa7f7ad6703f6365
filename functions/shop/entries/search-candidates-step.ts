import { ShopSearchCandidates } from "../wiring/shop-store-steps";
import { storeSources } from "../wiring/step-store";

/** Coordinator, Map item, SearchCandidates: one store search per visit (shop-store-steps.ts). No table. */
export const handler = ShopSearchCandidates.handlerFor(storeSources);
