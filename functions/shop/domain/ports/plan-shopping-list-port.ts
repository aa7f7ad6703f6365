/**
 * Port: the cook area's shopping list for one meal-plan snapshot, as the coordinator needs it (shop's
 * wiring implements it with the cook area's own use case, so the list is the one `GET /plans/{id}/shopping-list`
 * answers, variants included).
 */
export interface PlanMeal {
  date: string;
  meal_type: string;
  /** The recipe the ingredient came from: the variant id for a modified meal, else the base or component. */
  recipe_id: string;
}

export interface PlanIngredient {
  name: string;
  /** The list's own text of the item and its amount ("chicken breast: 500 g"). */
  display: string;
  /** The amount in `unit`; null for an item without one ("salt to taste"). */
  quantity: number | null;
  /** "g", "kg", "ml", "l", a unit id ("tablespoon", "clove", "can"), or null for a plain count. */
  unit: string | null;
  /** Whether `unit` is a container the store sells as packs ("can", "jar"): the cook area's unit ids say. */
  containerUnit?: boolean;
  meals: PlanMeal[];
}

export interface PlanShoppingListPort {
  /** Whether the tenant has the snapshot (a complete one). */
  snapshotExists(snapshotId: string): Promise<boolean>;
  /** The snapshot's shopping list, or null when the tenant has no such snapshot. */
  shoppingList(snapshotId: string): Promise<PlanIngredient[] | null>;
}
