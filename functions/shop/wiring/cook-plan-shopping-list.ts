import { createPlanShoppingListReader } from "../../cook/plan-shopping-list";
import type { TenantTable } from "../../core/db/tenant-table";
import type { LoggerPort } from "../../core/logger-port";
import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";

/**
 * Shop's PlanShoppingListPort (domain/ports) over the cook area's public surface
 * (functions/cook/plan-shopping-list.ts): the cook data lives in the same table under the same tenant, and
 * the list is exactly the one the cook API serves. No model reads the lines the rules could not: those stay
 * out of the merge (the cook API lists them under `unparsed`).
 */
export const createCookPlanShoppingList = (table: TenantTable, logger?: LoggerPort): PlanShoppingListPort =>
  createPlanShoppingListReader(table, logger);
