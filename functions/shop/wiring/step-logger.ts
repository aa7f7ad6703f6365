import { createLogger } from "../../core/logger";
import type { ShopLogSources } from "./shop-step-sources";

/** The coordinator's logger, for the steps that log (a step that does not bundles no logger). */
export const logSources: ShopLogSources = { logger: createLogger("shop-coordinator") };
