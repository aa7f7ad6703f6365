import { lazyLoad } from "../../core/lazy";
import { createDynamoShopRunRepository } from "../adapters/dynamo-shop-run-repository";
import { createDynamoSubstitutionChoices } from "../adapters/dynamo-substitution-choices";
import type { ShopTableSources } from "./shop-step-sources";
import { shopTable } from "./shop-table";
import { stepBasics } from "./step-basics";

// Built at cold start: a step without TABLE_NAME fails here, naming it.
shopTable();

/** The cook area's module, loaded only by BuildCart for a run with a plan. */
const cookPlans = lazyLoad(() => import("./cook-plan-shopping-list"));

/** The tenant's table for a step (the tenant comes from the execution input the API wrote). */
export const tableSources: ShopTableSources = {
  ...stepBasics,
  runsFor: (tenant) => createDynamoShopRunRepository(shopTable().forTenant(tenant)),
  // ScanCart hands each item the household's remembered choices.
  choicesFor: (tenant) => createDynamoSubstitutionChoices(shopTable().forTenant(tenant)),
  plansFor: async (tenant) =>
    (await cookPlans()).createCookPlanShoppingList(shopTable().forTenant(tenant), stepBasics.logger),
};
