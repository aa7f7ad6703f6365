import { Logger } from "@aws-lambda-powertools/logger";

/**
 * Structured JSON logs (Powertools Logger). One logger per service; Lambda handlers add the request id
 * with `logger.addContext(context)` / `appendKeys({ requestId })`. `LOG_LEVEL` sets the level.
 */
export const createLogger = (serviceName: string): Logger =>
  new Logger({ serviceName, logLevel: (process.env.LOG_LEVEL ?? "INFO") as "INFO" });

export type { Logger };
