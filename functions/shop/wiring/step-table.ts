import { configOnce } from "../../core/config";
import { createDynamoShopRunRepository } from "../adapters/dynamo-shop-run-repository";
import { createDynamoWeeklyRunIndex } from "../adapters/dynamo-weekly-run-index";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";
import { shopTable } from "./shop-table";

// Built at cold start: a step without TABLE_NAME fails here, naming it.
shopTable();

/** The run repository of one tenant (the tenant comes from the execution input the API wrote). */
export const runRepositoryFor = (tenant: string): ShopRunRepository =>
  createDynamoShopRunRepository(shopTable().forTenant(tenant));

/** The weekly-run index over the step's table (its one document client). */
export const stepWeeklyRunIndex = configOnce(() => createDynamoWeeklyRunIndex(shopTable()));
