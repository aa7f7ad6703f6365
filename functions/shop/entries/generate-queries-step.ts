import { ShopGenerateQueries } from "../wiring/shop-model-steps";
import { modelSources } from "../wiring/step-scope";

/** Coordinator, Map item, GenerateQueries: the item's search queries (shop-model-steps.ts). No table. */
export const handler = ShopGenerateQueries.handlerFor(modelSources);
