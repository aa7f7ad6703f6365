import { randomUUID } from "node:crypto";
import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { createObservability } from "../core/observability";
import { processWorkflowPort } from "../core/workflow/process-workflow-port";
import { createDynamoNegotiationRepository } from "./adapters/dynamo-negotiation-repository";
import { createNegotiateApp } from "./http/create-negotiate-app";

// Parsed at cold start: a missing TABLE_NAME fails here, with its name.
const config = configOnce(() => ({ table: parseConfig(TableConfigSchema) }))();
const observability = createObservability("negotiate");
const { logger } = observability;
const table = createAppTable(config.table);

export const app = createNegotiateApp({
  logger,
  repositoryFor: (tenant) => createDynamoNegotiationRepository(table.forTenant(tenant)),
  workflows: processWorkflowPort,
  now: () => new Date(),
  newNegotiationId: () => `neg_${randomUUID().replaceAll("-", "")}`,
});

export const handler = toLambdaHandler(app, logger, observability);
