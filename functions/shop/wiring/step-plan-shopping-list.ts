import { createCookPlanShoppingList } from "../adapters/cook-plan-shopping-list";
import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";
import { stepLogger } from "./step-logger";
import { tenantTableFor } from "./step-table";

/** The cook area's shopping lists of one tenant (BuildCart loads this module only for a run with a plan). */
export const planShoppingListFor = (tenant: string): PlanShoppingListPort =>
  createCookPlanShoppingList(tenantTableFor(tenant), stepLogger);
