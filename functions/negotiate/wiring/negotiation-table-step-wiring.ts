import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { createLogger } from "../../core/logger";
import { createDynamoNegotiationRepository } from "../adapters/dynamo-negotiation-repository";
import type { NegotiationStepSources } from "./negotiation-step-handlers";
import { NEGOTIATION_TABLE_STEPS, type NegotiationTableStepId } from "./negotiation-table-steps";

// Parsed when the entry module loads (a cold start): a missing TABLE_NAME fails there, with its name.
const config = configOnce(() => ({ table: parseConfig(TableConfigSchema) }))();
const appTable = createAppTable(config.table);

/** The deployed table steps' sources (a module of its own, so their Lambdas bundle no model or prompt). */
export const deployedTableStepSources: NegotiationStepSources = {
  logger: createLogger("negotiate"),
  repositoryFor: (tenant) => createDynamoNegotiationRepository(appTable.forTenant(tenant)),
  now: () => new Date(),
};

/** A deployed table step's handler: its use case over the execution's tenant's table. */
export const tableStep = (id: NegotiationTableStepId) =>
  NEGOTIATION_TABLE_STEPS[id].handlerFor(deployedTableStepSources);
