import { lazyLoad } from "../../core/lazy";
import { createDynamoShopRunRepository } from "../adapters/dynamo-shop-run-repository";
import { createDynamoSubstitutionChoices } from "../adapters/dynamo-substitution-choices";
import type { ShopTableSources } from "./shop-step-sources";
import { shopTable } from "./shop-table";

// Built at cold start: a step without TABLE_NAME fails here, naming it.
shopTable();

/** The cook area's module, loaded only by BuildCart for a run with a plan. */
const cookPlans = lazyLoad(() => Promise.all([import("./cook-plan-shopping-list"), import("./step-logger")]));

/** The tenant's table for a step (the tenant comes from the execution input the API wrote). */
export const tableSources: ShopTableSources = {
  now: () => new Date(),
  runsFor: (tenant) => createDynamoShopRunRepository(shopTable().forTenant(tenant)),
  // ScanCart hands each item the household's remembered choices.
  choicesFor: (tenant) => createDynamoSubstitutionChoices(shopTable().forTenant(tenant)),
  plansFor: async (tenant) => {
    const [{ createCookPlanShoppingList }, { logSources }] = await cookPlans();
    return createCookPlanShoppingList(shopTable().forTenant(tenant), logSources.logger);
  },
};
