import type { CampaignsApiDeps } from "../../functions/chat/campaigns/http/campaigns-api-deps";
import {
  CAMPAIGN_CHAT_FUNCTION_ID,
  CAMPAIGN_CHAT_PREFERRED_PROVIDER,
} from "../../functions/chat/campaigns/wiring/campaign-chat-config";
import type { AreaDefinition } from "../definition-types";
import { describedApp } from "../described-app";

/**
 * The campaign chat (seed 002): the agentic chat over marketing campaigns with semantic, filter and
 * full-text tools on PostgreSQL, and the campaigns' own CRUD and ingest, in one API Lambda. Its function id
 * and model preference come from the function's wiring, so the runtime knows them without reading this file.
 */
export const campaignChatArea: AreaDefinition = {
  area: "campaign-chat",
  describeApi: () =>
    describedApp<CampaignsApiDeps>(
      "campaign-chat",
      async () =>
        (await import("../../functions/chat/campaigns/http/create-campaigns-app")).createCampaignsApp,
      { maxBodyBytes: undefined },
    ),
  functions: [
    {
      id: CAMPAIGN_CHAT_FUNCTION_ID,
      entry: "functions/chat/campaigns/entries/api.ts",
      handler: "handler",
      description: "POST /chat/campaigns, campaign ingest, read, list, delete and tool search",
      needs: ["database", "llm"],
      // Seed 002 is written for OpenAI function calling; any provider of the LLM core can be chosen instead.
      llm: { preferredProvider: CAMPAIGN_CHAT_PREFERRED_PROVIDER },
      // API Gateway answers 503 after 30 s whatever the Lambda does; the chat's deadline fits inside.
      timeoutSeconds: 29,
    },
  ],
  routes: [
    { route: "POST /chat/campaigns", functionId: CAMPAIGN_CHAT_FUNCTION_ID },
    { route: "POST /campaigns", functionId: CAMPAIGN_CHAT_FUNCTION_ID },
    { route: "GET /campaigns", functionId: CAMPAIGN_CHAT_FUNCTION_ID },
    { route: "POST /campaigns/search", functionId: CAMPAIGN_CHAT_FUNCTION_ID },
    { route: "GET /campaigns/{id}", functionId: CAMPAIGN_CHAT_FUNCTION_ID },
    { route: "DELETE /campaigns/{id}", functionId: CAMPAIGN_CHAT_FUNCTION_ID },
  ],
  workflows: [],
  schedules: [],
};
