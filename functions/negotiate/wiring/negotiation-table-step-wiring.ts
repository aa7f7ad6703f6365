import type { z } from "zod";
import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { createLogger } from "../../core/logger";
import { createDynamoNegotiationRepository } from "../adapters/dynamo-negotiation-repository";
import type { StepDeps, StepEvent } from "../domain/negotiation-step";
import { type NegotiationStepSources, tableStepHandler } from "./negotiation-step-scope";

// Parsed when the entry module loads (a cold start): a missing TABLE_NAME fails there, with its name.
const config = configOnce(() => ({ table: parseConfig(TableConfigSchema) }))();
const appTable = createAppTable(config.table);

/** The deployed table steps' sources (a module of its own, so their Lambdas bundle no model or prompt). */
export const deployedTableStepSources: NegotiationStepSources = {
  logger: createLogger("negotiate"),
  repositoryFor: (tenant) => createDynamoNegotiationRepository(appTable.forTenant(tenant)),
  now: () => new Date(),
};

/** A deployed table step's handler: one use case over the execution's tenant's table. */
export const tableStep = <E extends StepEvent, R>(
  schema: z.ZodType<E>,
  step: string,
  run: (deps: StepDeps, event: E) => Promise<R>,
) => tableStepHandler(deployedTableStepSources, schema, step, run);
