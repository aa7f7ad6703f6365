import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { createDynamoShopRunRepository } from "../adapters/dynamo-shop-run-repository";
import { createDynamoWeeklyRunIndex } from "../adapters/dynamo-weekly-run-index";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";

// Parsed at cold start: a step without TABLE_NAME fails here, naming it.
export const stepTable = configOnce(() => createAppTable(parseConfig(TableConfigSchema)));
stepTable();

/** The run repository of one tenant (the tenant comes from the execution input the API wrote). */
export const runRepositoryFor = (tenant: string): ShopRunRepository =>
  createDynamoShopRunRepository(stepTable().forTenant(tenant));

/** The tenant's view of the table, for steps that read another area's data of the same tenant. */
export const tenantTableFor = (tenant: string) => stepTable().forTenant(tenant);

/** The weekly-run index over the step's table (its one document client). */
export const stepWeeklyRunIndex = configOnce(() => createDynamoWeeklyRunIndex(stepTable()));
