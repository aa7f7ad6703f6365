import { createRoute } from "@hono/zod-openapi";
import { bearerAuth, errorResponses, jsonBody, jsonResponse } from "../../../core/http/route-helpers";
import {
  Category,
  CategoryBody,
  CategoryParams,
  ChatAnswer,
  ChatBody,
  DeltasPage,
  DeltasQuery,
  IngestProductsBody,
  IngestProductsResult,
  Product,
  ProductParams,
  SessionParams,
  SessionView,
  ToolArgsBody,
  ToolParams,
} from "./catalog-openapi-schemas";

/** The catalog chat's routes (seed 004), all behind the JWT authorizer. lib/areas/catalog-chat.ts routes the same paths. */
const tags = ["chat"];

export const catalogChatRoute = createRoute({
  method: "post",
  path: "/chat/catalog",
  operationId: "sendCatalogChatMessage",
  tags,
  summary: "A chat message: Agent 1 calls one tool on the session's state, Agent 2 builds the template",
  description:
    "Without `sessionId` a new session starts. The new state and its delta are written together; a message " +
    "racing another of the same session is a 409 and changes nothing.",
  security: bearerAuth,
  request: { body: jsonBody(ChatBody) },
  responses: {
    200: jsonResponse(
      ChatAnswer,
      "The tool's result, the state, the delta (null if nothing changed), the template",
    ),
    ...errorResponses(400, 401, 403, 404, 409, 413, 503),
  },
});

export const getCatalogSessionRoute = createRoute({
  method: "get",
  path: "/chat/catalog/{sessionId}",
  operationId: "getCatalogChatSession",
  tags,
  summary: "A session's current state",
  security: bearerAuth,
  request: { params: SessionParams },
  responses: { 200: jsonResponse(SessionView, "The state"), ...errorResponses(400, 401, 403, 404) },
});

export const listCatalogDeltasRoute = createRoute({
  method: "get",
  path: "/chat/catalog/{sessionId}/deltas",
  operationId: "listCatalogChatDeltas",
  tags,
  summary: "A session's deltas, oldest first, paged",
  security: bearerAuth,
  request: { params: SessionParams, query: DeltasQuery },
  responses: { 200: jsonResponse(DeltasPage, "A page of deltas"), ...errorResponses(400, 401, 403, 404) },
});

export const runCatalogToolRoute = createRoute({
  method: "post",
  path: "/chat/catalog/{sessionId}/tools/{tool}",
  operationId: "runCatalogChatTool",
  tags,
  summary: "Run one tool directly, no model: the same answer as a chat message",
  description:
    "The session must exist (`POST /chat/catalog` starts it): an id this tenant does not have is 404 " +
    "`session_not_found`. The body is the tool's arguments.",
  security: bearerAuth,
  request: { params: ToolParams, body: jsonBody(ToolArgsBody) },
  responses: {
    200: jsonResponse(
      ChatAnswer,
      "The tool's result, the state, the delta (null if nothing changed), the template",
    ),
    ...errorResponses(400, 401, 403, 404, 409, 413, 503),
  },
});

export const ingestProductsRoute = createRoute({
  method: "post",
  path: "/catalog/products",
  operationId: "ingestCatalogProducts",
  tags,
  summary: "Insert or replace up to 500 products, by id (idempotent)",
  description:
    "Every product is validated; one invalid product refuses the call (400 naming it) and writes nothing.",
  security: bearerAuth,
  request: { body: jsonBody(IngestProductsBody) },
  responses: {
    200: jsonResponse(IngestProductsResult, "How many products were written"),
    ...errorResponses(400, 401, 403, 413, 503),
  },
});

export const getProductRoute = createRoute({
  method: "get",
  path: "/catalog/products/{id}",
  operationId: "getCatalogProduct",
  tags,
  summary: "A catalog product",
  security: bearerAuth,
  request: { params: ProductParams },
  responses: { 200: jsonResponse(Product, "The product"), ...errorResponses(400, 401, 403, 404, 503) },
});

export const putCategoryRoute = createRoute({
  method: "put",
  path: "/catalog/categories/{id}",
  operationId: "putCatalogCategory",
  tags,
  summary: "Name a category in several languages; its products are found by these names",
  security: bearerAuth,
  request: { params: CategoryParams, body: jsonBody(CategoryBody) },
  responses: { 200: jsonResponse(Category, "The category"), ...errorResponses(400, 401, 403, 413, 503) },
});
