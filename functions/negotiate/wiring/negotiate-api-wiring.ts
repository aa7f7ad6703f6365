import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { requireClientCursorKey } from "../../core/db/cursor-key";
import { toLambdaHandler } from "../../core/http/lambda-handler";
import { prefixedIdMaker } from "../../core/ids";
import { createLlm, readLlmConfig } from "../../core/llm";
import { createObservability } from "../../core/observability";

/**
 * NegotiateApi's config, parsed once: a missing TABLE_NAME, a malformed LLM_PROVIDER or a provider without
 * its key fails with its name.
 */
const readNegotiateConfig = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  llm: readLlmConfig(),
}));

/**
 * The NegotiateApi Lambda handler. At cold start: the config, observability, the table's client and the
 * model; the app is built on the first request (the routes, their zod schemas and the DynamoDB repository
 * stay out of the cold start) and kept for the container's life.
 */
export const createNegotiateApiHandler = async () => {
  const config = readNegotiateConfig();
  const observability = await createObservability("negotiate");
  requireClientCursorKey(config.table);
  const table = createAppTable(config.table);
  const llm = createLlm(config.llm);
  return toLambdaHandler(
    async () => {
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
    observability.logger,
    observability,
  );
};
