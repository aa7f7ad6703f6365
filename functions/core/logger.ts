import { Logger } from "@aws-lambda-powertools/logger";
import { z } from "zod";
import { parseConfig } from "./config";

/** Powertools' levels; `SILENT` turns logging off (the tests use it). Any case is accepted, as Powertools does. */
const LOG_LEVELS = ["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "CRITICAL", "SILENT"] as const;

const LogConfigSchema = z.object({
  LOG_LEVEL: z.string().trim().toUpperCase().pipe(z.enum(LOG_LEVELS)).default("INFO"),
});

/**
 * Structured JSON logs (Powertools Logger). One logger per service; Lambda handlers add the request id
 * with `logger.addContext(context)` / `appendKeys({ requestId })`. `LOG_LEVEL` sets the level (INFO by
 * default); a value Powertools does not know fails here with its name, where Powertools would quietly log
 * at INFO.
 */
export const createLogger = (serviceName: string): Logger =>
  new Logger({ serviceName, logLevel: parseConfig(LogConfigSchema).LOG_LEVEL });

export type { Logger };
