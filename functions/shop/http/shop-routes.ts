import {
  bearerAuth,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
} from "../../core/http/route-helpers";
import {
  CreatedRun,
  CreateRunBody,
  DecisionsBody,
  DecisionsResult,
  IdempotencyHeaders,
  ListRunsQuery,
  ListSubstitutionChoicesQuery,
  Preferences,
  QueriesBody,
  QueriesResult,
  RankBody,
  RankResult,
  RunList,
  RunParams,
  RunView,
  StoreAccount,
  StoreAccountBody,
  SubstitutionChoiceList,
  SubstitutionChoiceParams,
} from "./shop-openapi-schemas";

/** The shop area's routes (seed 000's grocery coordinator), behind the JWT authorizer. */
const tags = ["shop"];

export const createShopRunRoute = defineRoute({
  operationId: "createShopRun",
  method: "post",
  path: "/shop/runs",
  tags,
  summary: "Start a grocery coordinator run for the tenant's household",
  description:
    "Builds the cart from past orders, finds substitutes for unavailable items, proposes lines to prune and " +
    "recommends a delivery slot. Recommends only: it never books a slot nor checks out. An `Idempotency-Key` " +
    "makes a retried POST answer the same run; the same key with a different body is a 409 " +
    "`idempotency_key_reused`. With `plan_snapshot_id`, BuildCart also merges that meal plan's " +
    "shopping list (the cook area's, variants included) into the cart, each line with the meals it is for; a " +
    "snapshot the tenant does not have is a 404 `plan_snapshot_not_found`, and no run starts. A run signs in " +
    "to the store account when it is not signed in, at most 10 times a tenant per UTC day: once they are used, " +
    "a run on an account that is not signed in is a 429 `store_sign_in_limited` with Retry-After (the seconds " +
    "to midnight UTC), and no run starts.",
  security: bearerAuth,
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateRunBody) },
  responses: {
    202: jsonResponse(
      CreatedRun,
      "The run started (or, with a known Idempotency-Key, the run it started before)",
    ),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422, 429, 503),
  },
});

export const getShopRunRoute = defineRoute({
  operationId: "getShopRun",
  method: "get",
  path: "/shop/runs/{runId}",
  tags,
  summary: "A run's status, steps and progress, and its result once it succeeded",
  security: bearerAuth,
  request: { params: RunParams },
  responses: { 200: jsonResponse(RunView, "The run"), ...errorResponses(400, 401, 403, 404) },
});

export const listShopRunsRoute = defineRoute({
  operationId: "listShopRuns",
  method: "get",
  path: "/shop/runs",
  tags,
  summary: "The tenant's runs, newest first, paged; `awaiting=decisions` lists those waiting for a person",
  security: bearerAuth,
  request: { query: ListRunsQuery },
  responses: { 200: jsonResponse(RunList, "A page of runs"), ...errorResponses(400, 401, 403) },
});

export const decideShopRunRoute = defineRoute({
  operationId: "applyShopRunDecisions",
  method: "post",
  path: "/shop/runs/{runId}/decisions",
  tags,
  summary: "Accept or reject substitutes and prune proposals; accepted ones change the store cart",
  description:
    "Every decision is checked against the run's recommendations first: a product the run did not recommend " +
    "is a 422 `decision_not_recommended` and nothing is applied. A run still running is a 409. Decisions are " +
    "claimed on the run (a conditional write) before the store is touched, so each changes the cart once: " +
    "re-sending one the run already settled, or sending it again while it is being applied (a double tap, a " +
    "client retry), answers the one outcome with `alreadyDecidedAt` and `changes: []`, touching nothing (409 " +
    "`decision_in_progress` if it is still being applied when this request runs out of time); a different " +
    "decision on a product whose earlier one changed the cart, or is changing it, is a 409 " +
    "`decision_already_made`. The cart as it is now is read before anything changes: an original no longer " +
    "in it (another run's decision, or the household removed it) is `failed` with `code: original_not_in_cart` " +
    "and nothing is added. A store change either all happens or is undone (`failed`, `undone: true`); " +
    "sending it again applies it whole, and a change left half-done (`undone: false`) is completed, not " +
    "repeated. One product " +
    "decided twice in one request is a 422 `decision_duplicated`.",
  security: bearerAuth,
  request: { params: RunParams, body: jsonBody(DecisionsBody) },
  responses: {
    200: jsonResponse(DecisionsResult, "What each decision changed in the cart"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422, 503),
  },
});

export const generateSubstituteQueriesRoute = defineRoute({
  operationId: "generateSubstituteQueries",
  method: "post",
  path: "/shop/substitutes/queries",
  tags,
  summary: "Seed 000's QueryGenerator on its own: search queries for an unavailable product",
  description: "The `x-larder-source` header says whether the model (`llm`) or the heuristic answered.",
  security: bearerAuth,
  request: { body: jsonBody(QueriesBody) },
  responses: { 200: jsonResponse(QueriesResult, "The queries"), ...errorResponses(400, 401, 403, 413) },
});

export const rankSubstitutesRoute = defineRoute({
  operationId: "rankSubstitutesByValue",
  method: "post",
  path: "/shop/substitutes/rank",
  tags,
  summary: "Seed 000's ValueRanker on its own: rank candidates by household value",
  description: "The `x-larder-source` header says whether the model (`llm`) or the heuristic answered.",
  security: bearerAuth,
  request: { body: jsonBody(RankBody) },
  responses: { 200: jsonResponse(RankResult, "The rankings"), ...errorResponses(400, 401, 403, 413) },
});

export const getShopPreferencesRoute = defineRoute({
  operationId: "getShopPreferences",
  method: "get",
  path: "/shop/preferences",
  tags,
  summary: "The household's substitution policies, brands, price cap and slot preferences (defaults if none)",
  security: bearerAuth,
  responses: { 200: jsonResponse(Preferences, "The preferences"), ...errorResponses(401, 403) },
});

export const putShopPreferencesRoute = defineRoute({
  operationId: "putShopPreferences",
  method: "put",
  path: "/shop/preferences",
  tags,
  summary: "Replace the household's preferences",
  description:
    "An unknown key is a 400 naming it (the whole document is replaced, so nothing is silently dropped). " +
    "With `weeklyRun` (`weekday`, UTC `hour`), an hourly EventBridge schedule starts a coordinator run for the " +
    "household in that hour each week, once per ISO week (its `Idempotency-Key` is `weekly-{year}-W{week}`); " +
    "without it, no weekly run.",
  security: bearerAuth,
  request: { body: jsonBody(Preferences) },
  responses: {
    200: jsonResponse(Preferences, "The stored preferences"),
    ...errorResponses(400, 401, 403, 413),
  },
});

export const getStoreAccountRoute = defineRoute({
  operationId: "getStoreAccount",
  method: "get",
  path: "/shop/store-account",
  tags,
  summary: "The household's store account: the email masked, whether runs can sign in, and why not",
  security: bearerAuth,
  responses: {
    200: jsonResponse(StoreAccount, "The account (never its password)"),
    ...errorResponses(401, 403),
  },
});

export const putStoreAccountRoute = defineRoute({
  operationId: "putStoreAccount",
  method: "put",
  path: "/shop/store-account",
  tags,
  summary: "Connect (or replace) the household's own store account",
  description:
    "Runs sign in to the store with it, as the household would, and keep the session's cookies between steps " +
    "and runs. The password is kept as a secret (deployed: the tenant's Secrets Manager secret, KMS-encrypted; " +
    "locally: AES-256-GCM with the stack's key) and never shown again. Replacing it forgets the saved session. " +
    "At most 5 a tenant per UTC day: more answer 429 with Retry-After (the seconds to midnight UTC).",
  security: bearerAuth,
  request: { body: jsonBody(StoreAccountBody) },
  responses: {
    200: jsonResponse(StoreAccount, "The account as saved (status `none` until a run signs in)"),
    ...errorResponses(400, 401, 403, 413, 429),
  },
});

export const deleteStoreAccountRoute = defineRoute({
  operationId: "deleteStoreAccount",
  method: "delete",
  path: "/shop/store-account",
  tags,
  summary: "Remove the household's store account: its credentials, its saved session and its status",
  security: bearerAuth,
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 403, 404),
  },
});

export const listSubstitutionChoicesRoute = defineRoute({
  operationId: "listSubstitutionChoices",
  method: "get",
  path: "/shop/substitution-choices",
  tags,
  summary: "The household's remembered substitution choices, newest first, paged",
  description:
    "Each accepted or rejected substitute, per original product, as a decision on a run left it. The next time " +
    "that original is unavailable, an accepted substitute on offer ranks first (its reason says " +
    '"Escolha da casa" and when); a rejected one is never "strong" and ranks last ("Recusado pela casa"). A ' +
    "choice is remembered 120 days from the decision, then forgotten.",
  security: bearerAuth,
  request: { query: ListSubstitutionChoicesQuery },
  responses: {
    200: jsonResponse(SubstitutionChoiceList, "A page of choices"),
    ...errorResponses(400, 401, 403),
  },
});

export const deleteSubstitutionChoiceRoute = defineRoute({
  operationId: "deleteSubstitutionChoice",
  method: "delete",
  path: "/shop/substitution-choices/{originalProductId}",
  tags,
  summary: "Forget every remembered choice for one original product",
  description: "The next run ranks that product's substitutes as if nothing had been decided.",
  security: bearerAuth,
  request: { params: SubstitutionChoiceParams },
  responses: {
    204: { description: "Forgotten" },
    ...errorResponses(400, 401, 403, 404),
  },
});
