import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { prefixedIdMaker } from "../../core/ids";
import { createLlm, readLlmConfig } from "../../core/llm";
import { createObservability } from "../../core/observability";

// Parsed at cold start: a missing TABLE_NAME fails here, with its name.
const config = configOnce(() => ({ table: parseConfig(TableConfigSchema) }))();
const observability = await createObservability("negotiate");
const { logger } = observability;
const table = createAppTable(config.table);
// The outreach draft's model, parsed at cold start: a malformed LLM_PROVIDER fails here, with its name.
const llm = createLlm(readLlmConfig());

// The app (its routes and their zod schemas) is built on the first request, not at init.
export const handler = toLambdaHandler(
  async () => {
    const [{ createNegotiateApp }, { createDynamoNegotiationRepository }, { processWorkflowPort }] =
      await Promise.all([
        import("../http/create-negotiate-app"),
        import("../adapters/dynamo-negotiation-repository"),
        import("../../core/workflow/process-workflow-port"),
      ]);
    return createNegotiateApp({
      logger,
      repositoryFor: (tenant) => createDynamoNegotiationRepository(table.forTenant(tenant)),
      workflows: processWorkflowPort,
      now: () => new Date(),
      newNegotiationId: prefixedIdMaker("neg"),
      llm,
    });
  },
  logger,
  observability,
);
