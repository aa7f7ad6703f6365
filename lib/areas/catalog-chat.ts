import type { CatalogApiDeps } from "../../functions/chat/catalog/http/catalog-api-deps";
import type { AreaDefinition } from "../definition-types";
import { describedApp } from "../described-app";

/** The catalog chat: the two-agent catalog pipeline (seed 004) and its catalog. */
export const catalogChatArea: AreaDefinition = {
  area: "catalog-chat",
  describeApi: () =>
    describedApp<CatalogApiDeps>(
      "catalog-chat",
      async () => (await import("../../functions/chat/catalog/http/create-catalog-app")).createCatalogApp,
      { maxBodyBytes: undefined },
    ),
  functions: [
    {
      id: "ChatCatalogApi",
      entry: "functions/chat/catalog/entries/api.ts",
      handler: "handler",
      description:
        "The catalog chat (Agent 1 tools, state, deltas, rollback, Agent 2 template) and its catalog",
      needs: ["table", "llm", "database", "cursors"],
      timeoutSeconds: 29,
    },
  ],
  routes: [
    { route: "POST /chat/catalog", functionId: "ChatCatalogApi" },
    { route: "GET /chat/catalog/{sessionId}", functionId: "ChatCatalogApi" },
    { route: "GET /chat/catalog/{sessionId}/deltas", functionId: "ChatCatalogApi" },
    { route: "POST /chat/catalog/{sessionId}/tools/{tool}", functionId: "ChatCatalogApi" },
    { route: "POST /catalog/products", functionId: "ChatCatalogApi" },
    { route: "GET /catalog/products/{id}", functionId: "ChatCatalogApi" },
    { route: "PUT /catalog/categories/{id}", functionId: "ChatCatalogApi" },
  ],
  workflows: [],
  schedules: [],
};
