import type { CookApiDeps } from "../../functions/cook/http/cook-api-deps";
import type { AreaDefinition } from "../definition-types";
import { describedApp } from "../described-app";

/**
 * The cook area (seed 001): recipes, meal-plan snapshots, recipe variants from patch ops, the cook route,
 * the shopping list and the kitchen chat, all served by one API Lambda behind the JWT authorizer.
 */
export const cookArea: AreaDefinition = {
  area: "cook",
  describeApi: () =>
    describedApp<CookApiDeps>(
      "cook",
      async () => (await import("../../functions/cook/http/create-cook-app")).createCookApp,
      { maxBodyBytes: undefined },
    ),
  functions: [
    {
      id: "CookApi",
      entry: "functions/cook/entries/api.ts",
      handler: "handler",
      description: "Recipes, plans, variants, the cook route, the shopping list and the kitchen chat",
      needs: ["table", "llm", "events", "cursors"],
      // API Gateway answers 503 after 30 s whatever the Lambda does; the chat's deadline fits inside.
      timeoutSeconds: 29,
    },
  ],
  routes: [
    { route: "GET /recipes", functionId: "CookApi" },
    { route: "PUT /recipes/{recipe_id}", functionId: "CookApi" },
    { route: "GET /recipes/{recipe_id}", functionId: "CookApi" },
    { route: "GET /plans", functionId: "CookApi" },
    { route: "POST /plans", functionId: "CookApi" },
    { route: "GET /plans/{snapshot_id}", functionId: "CookApi" },
    { route: "POST /plans/{snapshot_id}/meals/{date}/{meal_type}/variant", functionId: "CookApi" },
    { route: "DELETE /plans/{snapshot_id}/meals/{date}/{meal_type}/variant", functionId: "CookApi" },
    { route: "GET /plans/{snapshot_id}/meals/{date}/{meal_type}/cook", functionId: "CookApi" },
    { route: "GET /plans/{snapshot_id}/shopping-list", functionId: "CookApi" },
    { route: "GET /cook/{id}", functionId: "CookApi" },
    { route: "POST /chat/kitchen", functionId: "CookApi" },
  ],
  workflows: [],
  schedules: [],
};
