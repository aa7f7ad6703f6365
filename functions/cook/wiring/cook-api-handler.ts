import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { requireClientCursorKey } from "../../core/db/cursor-key";
import { readEventsConfig } from "../../core/events/events-config";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { readLlmConfig } from "../../core/llm/llm-config";
import { createObservability } from "../../core/observability";

/**
 * The cook API's config, parsed once: a missing TABLE_NAME, EVENT_BUS_NAME (in a Lambda) or a provider
 * without its key fails with its name.
 */
const readCookConfig = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  llm: readLlmConfig(),
  events: readEventsConfig(),
}));

/**
 * The cook API's Lambda handler. At cold start: the config, observability and the table's client; the app
 * (its routes, their zod schemas and the adapters) is built on the first request, so the cold start stays
 * within budget (ARCHITECTURE.md, How a Lambda stays within budget).
 */
export const createCookApiHandler = async () => {
  const config = readCookConfig();
  const observability = await createObservability("cook");
  const { logger } = observability;
  requireClientCursorKey(config.table);
  const table = createAppTable(config.table);
  return toLambdaHandler(
    async () => {
      const { createCookApi, createCookComponents } = await import("./cook-api-wiring");
      return createCookApi(
        createCookComponents({ logger, table, llmConfig: config.llm, events: config.events }),
      );
    },
    logger,
    observability,
  );
};
