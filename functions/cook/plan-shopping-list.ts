import type { TenantTable } from "../core/db/tenant-table";
import { NotFoundError } from "../core/errors";
import type { LoggerPort } from "../core/logger-port";
import { createDynamoRecipeRepository } from "./adapters/dynamo-recipe-repository";
import { createDynamoSnapshotRepository } from "./adapters/dynamo-snapshot-repository";
import { CONTAINER_UNIT_IDS } from "./domain/ingredient-lines/ingredient-units";
import { getShoppingList } from "./domain/use-cases/get-shopping-list";

/**
 * The cook area's public surface for another area that needs a plan's shopping list (the shop's
 * coordinator): the same list the cook API serves, variants and components included, on the tenant's
 * table. Other areas import this module, never cook's adapters or use cases (tests/support/import-rules.ts).
 */
export interface PlanShoppingListLine {
  name: string;
  display: string;
  quantity: number | null;
  unit: string | null;
  /** The unit is a container ("1 can"), not an amount that converts into packs. */
  containerUnit: boolean;
  meals: { date: string; meal_type: string; recipe_id: string }[];
}

export interface PlanShoppingListReader {
  snapshotExists(snapshotId: string): Promise<boolean>;
  /** The plan's list, or null when the snapshot does not exist. */
  shoppingList(snapshotId: string): Promise<PlanShoppingListLine[] | null>;
}

export const createPlanShoppingListReader = (
  table: TenantTable,
  logger?: LoggerPort,
): PlanShoppingListReader => {
  const plans = createDynamoSnapshotRepository(table);
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
