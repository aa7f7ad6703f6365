import { ShopPruneStock } from "../wiring/shop-model-steps";
import { modelSources } from "../wiring/step-scope";
import { tableSources } from "../wiring/step-table";

/** Coordinator, PruneStock: lines the household probably still has (shop-model-steps.ts). */
export const handler = ShopPruneStock.handlerFor({ ...tableSources, ...modelSources });
