import type { AreaDefinition } from "../definition-types";

/** Cross-area endpoints: health and the OpenAPI document. */
export const platformArea: AreaDefinition = {
  area: "platform",
  functions: [
    {
      id: "PlatformApi",
      entry: "functions/platform/entries/api.ts",
      handler: "handler",
      description: "GET /health and GET /openapi.json",
      needs: ["table", "database", "database-status"],
    },
  ],
  routes: [
    { route: "GET /health", functionId: "PlatformApi", public: true },
    { route: "GET /openapi.json", functionId: "PlatformApi", public: true },
    // Unknown routes reach PlatformApi, whose app answers a JSON 404 in the shared error shape.
    { route: "$default", functionId: "PlatformApi", public: true },
  ],
  workflows: [],
  schedules: [],
};
