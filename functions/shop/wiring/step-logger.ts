import { createLogger } from "../../core/logger";

export const stepLogger = createLogger("shop-coordinator");
