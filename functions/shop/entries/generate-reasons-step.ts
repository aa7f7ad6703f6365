import { SHOP_MODEL_STEPS } from "../wiring/shop-model-steps";
import { modelSources } from "../wiring/step-scope";

/** Coordinator, Map item, GenerateReasons: reasons for the ranked candidates (shop-model-steps.ts). No table. */
export const handler = SHOP_MODEL_STEPS.ShopGenerateReasons.handlerFor(modelSources);
