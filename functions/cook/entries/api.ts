import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { readLlmConfig } from "../../core/llm/llm-config";
import { createObservability } from "../../core/observability";

// Parsed at cold start: a missing TABLE_NAME or a provider without its key fails here, with its name.
const config = configOnce(() => ({ table: parseConfig(TableConfigSchema), llm: readLlmConfig() }))();
const observability = await createObservability("cook");
const { logger } = observability;

const table = createAppTable(config.table);

// The app (its routes and their zod schemas) is built on the first request, not at init.
export const handler = toLambdaHandler(
  async () => {
    const [{ createCookApp }, { createCookApiDeps }] = await Promise.all([
      import("../http/create-cook-app"),
      import("../wiring/cook-api-wiring"),
    ]);
    return createCookApp(createCookApiDeps({ logger, table, llmConfig: config.llm }));
  },
  logger,
  observability,
);
