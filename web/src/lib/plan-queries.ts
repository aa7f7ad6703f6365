import { useQuery } from "@tanstack/react-query";
import { unwrap, useClient, useSession } from "./api";

/** The order the week's columns take; a plan shows only the meal types it has. */
export const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack"] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const isMealType = (value: string): value is MealType =>
  (MEAL_TYPES as readonly string[]).includes(value);

export const planKey = (tenant: string, snapshotId: string) => ["plan", tenant, snapshotId] as const;

/** A plan snapshot; the plan page, the cook page and the kitchen chat share this cache entry. */
export const usePlan = (snapshotId: string) => {
  const client = useClient();
  const { tenant } = useSession();
  return useQuery({
    queryKey: planKey(tenant, snapshotId),
    queryFn: () =>
      unwrap(client.GET("/plans/{snapshot_id}", { params: { path: { snapshot_id: snapshotId } } })),
  });
};

/** The tenant's recipe names by id (the first 100, newest first): a plan names its recipes by id only. */
export const useRecipeNames = () => {
  const client = useClient();
  const { tenant } = useSession();
  return useQuery({
    queryKey: ["recipes", tenant],
    queryFn: async () => {
      const page = await unwrap(client.GET("/recipes", { params: { query: { limit: 100 } } }));
      return new Map(page.recipes.map((recipe) => [recipe.recipe_id, recipe.name]));
    },
    staleTime: 60_000,
  });
};
