import { z } from "@hono/zod-openapi";
import {
  bearerAuth,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
} from "../../core/http/route-helpers";
import {
  KitchenChatRequestSchema,
  KitchenChatResponseSchema,
} from "../domain/kitchen-chat/kitchen-chat-schemas";
import {
  CookIdParams,
  CookView,
  CreateSnapshotBody,
  MealParams,
  Recipe,
  RecipeBody,
  RecipeParams,
  ShoppingList,
  Snapshot,
  SnapshotParams,
  VariantRequestBody,
  VariantResponse,
} from "./cook-openapi-schemas";

/** The cook area's routes (seed 001), all behind the JWT authorizer. lib/areas/cook.ts routes the same paths. */

const tags = ["cook"];

const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(2000).optional(),
});

const RecipeList = z
  .object({
    recipes: z.array(
      z.object({
        recipe_id: z.string(),
        name: z.string(),
        servings: z.number().int().optional(),
        created_at: z
          .string()
          .meta({ description: "When the recipe was first created (a replacement keeps it)." }),
      }),
    ),
    nextCursor: z.string().optional(),
  })
  .openapi("RecipeList");

const PlanList = z
  .object({
    plans: z.array(
      z.object({
        snapshot_id: z.string(),
        created_at: z.string(),
        meal_count: z.number().int().optional(),
        first_date: z.string().optional(),
        last_date: z.string().optional(),
      }),
    ),
    nextCursor: z.string().optional(),
  })
  .openapi("PlanList");

export const listRecipesRoute = defineRoute({
  method: "get",
  path: "/recipes",
  operationId: "listRecipes",
  tags,
  summary: "The tenant's base recipes, newest created first",
  description:
    "A page at a time (`limit` ≤ 100, `nextCursor`). Recipes created or replaced between pages never shift a page.",
  security: bearerAuth,
  request: { query: ListQuery },
  responses: { 200: jsonResponse(RecipeList, "A page of recipes"), ...errorResponses(400, 401, 403) },
});

export const listPlansRoute = defineRoute({
  method: "get",
  path: "/plans",
  operationId: "listPlans",
  tags,
  summary: "The tenant's meal-plan snapshots, newest created first",
  description:
    "A page at a time (`limit` ≤ 100, `nextCursor`), each with its meal count and first and last dates. " +
    "Plans created between pages never shift a page.",
  security: bearerAuth,
  request: { query: ListQuery },
  responses: { 200: jsonResponse(PlanList, "A page of plans"), ...errorResponses(400, 401, 403) },
});

export const putRecipeRoute = defineRoute({
  method: "put",
  path: "/recipes/{recipe_id}",
  operationId: "putRecipe",
  tags,
  summary: "Create or replace a base recipe",
  description:
    "Variants made from the recipe keep their compiled copy. Their ops index the recipe as it was: when they " +
    "no longer fit the replacement, the next edit of such a meal answers 422 `variant_outdated` until its " +
    "variant is cleared.",
  security: bearerAuth,
  request: { params: RecipeParams, body: jsonBody(RecipeBody) },
  responses: {
    200: jsonResponse(Recipe, "The recipe replaced an existing one"),
    201: jsonResponse(Recipe, "The recipe was created"),
    ...errorResponses(400, 401, 403, 413),
  },
});

export const getRecipeRoute = defineRoute({
  method: "get",
  path: "/recipes/{recipe_id}",
  operationId: "getRecipe",
  tags,
  summary: "A base recipe",
  security: bearerAuth,
  request: { params: RecipeParams },
  responses: { 200: jsonResponse(Recipe, "The recipe"), ...errorResponses(400, 401, 403, 404) },
});

export const createPlanRoute = defineRoute({
  method: "post",
  path: "/plans",
  operationId: "createPlan",
  tags,
  summary: "Store a meal-plan snapshot",
  description: "Every recipe the plan names must exist (422 `unknown_recipe`); a taken snapshot_id is a 409.",
  security: bearerAuth,
  request: { body: jsonBody(CreateSnapshotBody) },
  responses: {
    201: jsonResponse(Snapshot, "The stored snapshot"),
    ...errorResponses(400, 401, 403, 409, 413, 422),
  },
});

export const getPlanRoute = defineRoute({
  method: "get",
  path: "/plans/{snapshot_id}",
  operationId: "getPlan",
  tags,
  summary: "A snapshot; each meal says whether it is modified and carries its stored variant",
  security: bearerAuth,
  request: { params: SnapshotParams },
  responses: { 200: jsonResponse(Snapshot, "The snapshot"), ...errorResponses(400, 401, 403, 404) },
});

export const createVariantRoute = defineRoute({
  method: "post",
  path: "/plans/{snapshot_id}/meals/{date}/{meal_type}/variant",
  operationId: "createVariant",
  tags,
  summary: "Modify a planned meal's recipe with ops, or with an instruction the model turns into ops",
  description:
    "Ops index the base recipe and are added to the meal's variant (a later op on the same target supersedes " +
    "the earlier one); the variant is recompiled from the base. A refused patch writes nothing (422 " +
    "`patch_invalid`, the validator's reasons in `details.reasons`). When the base recipe was replaced " +
    "(PUT /recipes) after the variant was made and the variant's earlier ops no longer fit it, the answer is " +
    "422 `variant_outdated` (`details.stored_patch_ops`, `details.reasons`): DELETE the variant to start " +
    "again from the new recipe. An instruction the generator cannot map to a single target answers " +
    "`needs_clarification`.",
  security: bearerAuth,
  request: { params: MealParams, body: jsonBody(VariantRequestBody) },
  responses: {
    200: jsonResponse(VariantResponse, "The new variant, or a question back"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422),
  },
});

export const clearVariantRoute = defineRoute({
  method: "delete",
  path: "/plans/{snapshot_id}/meals/{date}/{meal_type}/variant",
  operationId: "clearVariant",
  tags,
  summary: "Clear a meal's variant: back to its base recipe (seed 001's clear_variant)",
  security: bearerAuth,
  request: { params: MealParams },
  responses: {
    204: { description: "The meal has no variant now" },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const getMealCookViewRoute = defineRoute({
  method: "get",
  path: "/plans/{snapshot_id}/meals/{date}/{meal_type}/cook",
  operationId: "getMealCookView",
  tags,
  summary: "What to cook for a planned meal, modified or not, with a section per dish of the bundle",
  security: bearerAuth,
  request: { params: MealParams },
  responses: { 200: jsonResponse(CookView, "The cook view"), ...errorResponses(400, 401, 403, 404) },
});

export const getCookViewRoute = defineRoute({
  method: "get",
  path: "/cook/{id}",
  operationId: "getCookView",
  tags,
  summary: "The recipe to cook from: a base recipe id, or `variant:{snapshot_id}:{date}:{meal_type}`",
  description:
    "A variant id is resolved by seed 001's lookup (snapshot → meal by date and meal type → its stored " +
    "compiled recipe, with warnings); 404 when the meal has no variant. The colons may be URL-encoded.",
  security: bearerAuth,
  request: { params: CookIdParams },
  responses: { 200: jsonResponse(CookView, "The cook view"), ...errorResponses(400, 401, 403, 404) },
});

export const getShoppingListRoute = defineRoute({
  method: "get",
  path: "/plans/{snapshot_id}/shopping-list",
  operationId: "getShoppingList",
  tags,
  summary: "The plan's shopping list from the recipes its meals are cooked from, variants included",
  security: bearerAuth,
  request: { params: SnapshotParams },
  responses: {
    200: jsonResponse(ShoppingList, "Merged items with their meals, and the lines that could not be parsed"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const kitchenChatRoute = defineRoute({
  method: "post",
  path: "/chat/kitchen",
  operationId: "sendKitchenChatMessage",
  tags,
  summary: "Chat about a plan: the agent reads it, modifies recipes and clears modifications",
  description:
    "Tools: get_plan, modify_recipe, clear_variant. Answers with the snapshot as it is afterwards.",
  security: bearerAuth,
  request: { body: jsonBody(KitchenChatRequestSchema.meta({ id: "KitchenChatRequest" })) },
  responses: {
    200: jsonResponse(KitchenChatResponseSchema.meta({ id: "KitchenChatResponse" }), "The agent's answer"),
    ...errorResponses(400, 401, 403, 404, 413, 503),
  },
});
