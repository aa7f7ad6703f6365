import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { createDynamoNegotiationRepository } from "../adapters/dynamo-negotiation-repository";
import type { StepDeps } from "../domain/negotiation-step";

// Parsed when the entry module loads (a cold start): a missing TABLE_NAME fails there, with its name.
const appTable = createAppTable(configOnce(() => parseConfig(TableConfigSchema))());

/** The negotiation workflow steps' table deps, bound to the execution's tenant. */
export const stepDepsFor = (tenant: string): StepDeps => ({
  repository: createDynamoNegotiationRepository(appTable.forTenant(tenant)),
  now: () => new Date(),
});
