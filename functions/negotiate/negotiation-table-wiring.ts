import { configOnce, parseConfig } from "../core/config";
import { createAppTable, TableConfigSchema } from "../core/db/app-table";
import { createDynamoNegotiationRepository } from "./adapters/dynamo-negotiation-repository";
import type { StepDeps } from "./domain/workflow-steps";

/**
 * The table for the negotiation's workflow Lambdas, built on the first invocation (the local runner imports
 * every handler when it starts, before any table exists) and kept for the container's life. A missing
 * TABLE_NAME fails that invocation naming the variable.
 */
const appTable = configOnce(() => createAppTable(parseConfig(TableConfigSchema)));

export const stepDepsFor = (tenant: string): StepDeps => ({
  repository: createDynamoNegotiationRepository(appTable().forTenant(tenant)),
  now: () => new Date(),
});
