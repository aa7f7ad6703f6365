import { createLogger } from "../../core/logger";
import type { ShopStepBasics } from "./shop-step-sources";

/** What every shop step's use case gets: the coordinator's logger and the clock. */
export const stepBasics: ShopStepBasics = { logger: createLogger("shop-coordinator"), now: () => new Date() };
