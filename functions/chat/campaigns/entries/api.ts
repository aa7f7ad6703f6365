import { createCampaignChatApiHandler } from "../wiring/campaign-chat-api-handler";

// The campaign chat API Lambda: its wiring reads the config and builds the app at cold start.
export const handler = await createCampaignChatApiHandler();
