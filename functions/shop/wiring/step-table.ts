import { configOnce, parseConfig } from "../../core/config";
import { createAppTable, TableConfigSchema } from "../../core/db/app-table";
import { createDynamoShopRunRepository } from "../adapters/dynamo-shop-run-repository";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";

// Parsed at cold start: a step without TABLE_NAME fails here, naming it.
const table = configOnce(() => createAppTable(parseConfig(TableConfigSchema)));
table();

/** The run repository of one tenant (the tenant comes from the execution input the API wrote). */
export const runRepositoryFor = (tenant: string): ShopRunRepository =>
  createDynamoShopRunRepository(table().forTenant(tenant));

/** The tenant's view of the table, for steps that read another area's data of the same tenant. */
export const tenantTableFor = (tenant: string) => table().forTenant(tenant);
