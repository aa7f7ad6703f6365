import type { CampaignsApiDeps } from "../../functions/chat/campaigns/http/create-campaigns-app";
import type { AreaDefinition } from "../definition-types";
import { describedApp } from "../described-app";

/**
 * The campaign chat (seed 002): the agentic chat over marketing campaigns with semantic, filter and
 * full-text tools on PostgreSQL, and the campaigns' own CRUD and ingest, in one API Lambda.
 */
export const campaignsArea: AreaDefinition = {
  area: "chat-campaigns",
  describeApi: () =>
    describedApp<CampaignsApiDeps>(
      "chat-campaigns",
      async () =>
        (await import("../../functions/chat/campaigns/http/create-campaigns-app")).createCampaignsApp,
      { maxBodyBytes: undefined },
    ),
  functions: [
    {
      id: "ChatCampaignsApi",
      entry: "functions/chat/campaigns-api.ts",
      handler: "handler",
      description: "POST /chat/campaigns, campaign ingest, read, list, delete and tool search",
      needs: ["database", "llm"],
      // Seed 002 is written for OpenAI function calling; any provider of the LLM core can be chosen instead.
      llm: { preferredProvider: "openai" },
      // API Gateway answers 503 after 30 s whatever the Lambda does; the chat's deadline fits inside.
      timeoutSeconds: 29,
    },
  ],
  routes: [
    { route: "POST /chat/campaigns", functionId: "ChatCampaignsApi" },
    { route: "POST /campaigns", functionId: "ChatCampaignsApi" },
    { route: "GET /campaigns", functionId: "ChatCampaignsApi" },
    { route: "POST /campaigns/search", functionId: "ChatCampaignsApi" },
    { route: "GET /campaigns/{id}", functionId: "ChatCampaignsApi" },
    { route: "DELETE /campaigns/{id}", functionId: "ChatCampaignsApi" },
  ],
  workflows: [],
  schedules: [],
};
