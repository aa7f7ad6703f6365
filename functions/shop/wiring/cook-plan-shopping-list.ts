import { createDynamoPlanRepository } from "../../cook/adapters/dynamo-plan-repository";
import { createDynamoRecipeRepository } from "../../cook/adapters/dynamo-recipe-repository";
import { CONTAINER_UNIT_IDS } from "../../cook/domain/ingredient-units";
import { getShoppingList } from "../../cook/domain/use-cases/get-shopping-list";
import type { TenantTable } from "../../core/db/tenant-table";
import { NotFoundError } from "../../core/errors";
import type { LoggerPort } from "../../core/logger-port";
import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";

/**
 * Shop's PlanShoppingListPort (domain/ports), implemented with the cook area's public use case
 * (getShoppingList) on the tenant's table: the cook data lives in the same table, under the same tenant,
 * and the list is exactly the one the cook API serves, variants and components included. Built here, in
 * shop's composition root, not in a shop adapter: cook exposes no shopping-list port of its own, so the
 * one place that builds adapters builds cook's repositories for its use case (the import rules name this
 * exception). No model reads the lines the rules could not: those stay out of the merge (the cook API
 * lists them under `unparsed`).
 */
export const createCookPlanShoppingList = (table: TenantTable, logger?: LoggerPort): PlanShoppingListPort => {
  const plans = createDynamoPlanRepository(table);
  const recipes = createDynamoRecipeRepository(table);
  return {
    snapshotExists: async (snapshotId) => (await plans.getSnapshot(snapshotId)) !== null,
    async shoppingList(snapshotId) {
      try {
        const list = await getShoppingList({ plans, recipes, ...(logger ? { logger } : {}) }, snapshotId);
        return list.items.map((item) => ({
          name: item.name,
          display: item.display,
          quantity: item.quantity,
          unit: item.unit,
          containerUnit: item.unit !== null && CONTAINER_UNIT_IDS.has(item.unit.toLowerCase()),
          meals: item.sources.map((source) => ({ ...source })),
        }));
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  };
};
