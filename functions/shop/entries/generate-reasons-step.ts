import { ShopGenerateReasons } from "../wiring/shop-model-steps";
import { modelSources } from "../wiring/step-scope";

/** Coordinator, Map item, GenerateReasons: reasons for the ranked candidates (shop-model-steps.ts). No table. */
export const handler = ShopGenerateReasons.handlerFor(modelSources);
