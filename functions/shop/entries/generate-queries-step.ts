import { SHOP_MODEL_STEPS } from "../wiring/shop-model-steps";
import { modelSources } from "../wiring/step-scope";

/** Coordinator, Map item, GenerateQueries: the item's search queries (shop-model-steps.ts). No table. */
export const handler = SHOP_MODEL_STEPS.ShopGenerateQueries.handlerFor(modelSources);
