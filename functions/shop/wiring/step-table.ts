import { configOnce } from "../../core/config";
import { createDynamoShopRunRepository } from "../adapters/dynamo-shop-run-repository";
import { createDynamoSubstitutionChoices } from "../adapters/dynamo-substitution-choices";
import { createDynamoWeeklyRunIndex } from "../adapters/dynamo-weekly-run-index";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";
import type { SubstitutionChoiceStore } from "../domain/ports/substitution-choice-store";
import { shopTable } from "./shop-table";

// Built at cold start: a step without TABLE_NAME fails here, naming it.
shopTable();

/** The run repository of one tenant (the tenant comes from the execution input the API wrote). */
export const runRepositoryFor = (tenant: string): ShopRunRepository =>
  createDynamoShopRunRepository(shopTable().forTenant(tenant));

/** The remembered substitution choices of one tenant (ScanCart hands each item its own). */
export const choicesFor = (tenant: string): SubstitutionChoiceStore =>
  createDynamoSubstitutionChoices(shopTable().forTenant(tenant));

/** The weekly-run index over the step's table (its one document client). */
export const stepWeeklyRunIndex = configOnce(() => createDynamoWeeklyRunIndex(shopTable()));
