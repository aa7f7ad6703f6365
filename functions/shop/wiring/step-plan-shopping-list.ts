import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";
import { createCookPlanShoppingList } from "./cook-plan-shopping-list";
import { shopTable } from "./shop-table";
import { stepLogger } from "./step-logger";

/** The cook area's shopping lists of one tenant (BuildCart loads this module only for a run with a plan). */
export const planShoppingListFor = (tenant: string): PlanShoppingListPort =>
  createCookPlanShoppingList(shopTable().forTenant(tenant), stepLogger);
