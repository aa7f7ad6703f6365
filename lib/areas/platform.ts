import type { PlatformDeps } from "../../functions/platform/http/create-platform-app";
import type { AreaDefinition } from "../definition-types";
import { describedApp } from "../described-app";

/** Cross-area endpoints: health and the OpenAPI document. */
export const platformArea: AreaDefinition = {
  area: "platform",
  describeApi: () =>
    describedApp<PlatformDeps>(
      "platform",
      async () => (await import("../../functions/platform/http/create-platform-app")).createPlatformApp,
      { healthChecks: {} },
    ),
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
