import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { prefixedIdMaker } from "../../core/ids";
import { createLlm, readLlmConfig } from "../../core/llm";
import { createObservability } from "../../core/observability";

// Parsed at cold start: a missing TABLE_NAME, a malformed LLM_PROVIDER or a provider without its key
// fails here, with its name.
const config = configOnce(() => ({ table: parseConfig(TableConfigSchema), llm: readLlmConfig() }))();
const observability = await createObservability("negotiate");
const table = createAppTable(config.table);
const llm = createLlm(config.llm);

/**
 * The deployed NegotiateApi: its logger and observability, and its app, built on the first request (the
 * routes, their zod schemas and the DynamoDB repository stay out of the cold start).
 */
export const negotiateApi = {
  logger: observability.logger,
  observability,
  /** Called by toLambdaHandler on the first request; it keeps the app for the container's life. */
  loadApp: async () => {
    const [{ buildNegotiateApp }, { createDynamoNegotiationRepository }, { processWorkflowPort }] =
      await Promise.all([
        import("./negotiate-app-wiring"),
        import("../adapters/dynamo-negotiation-repository"),
        import("../../core/workflow/process-workflow-port"),
      ]);
    return buildNegotiateApp({
      logger: observability.logger,
      repositoryFor: (tenant) => createDynamoNegotiationRepository(table.forTenant(tenant)),
      workflows: processWorkflowPort,
      now: () => new Date(),
      newNegotiationId: prefixedIdMaker("neg"),
      llm,
    });
  },
};
