import { toLambdaHandler } from "../../../core/http/lambda-handler";
import { createObservability } from "../../../core/observability";
import { readCampaignChatConfig } from "../wiring/campaign-chat-config";
import { campaignChatServices, createCampaignChatApp } from "../wiring/campaign-chat-wiring";

// Parsed at cold start: a malformed provider, a missing database variable or a missing key fails here, with its name.
const config = readCampaignChatConfig();
const observability = await createObservability("campaign-chat");
const { logger } = observability;
logger.info("campaign chat model provider", { ...config.llm.choice });

/** The campaign chat's API Lambda (lib/areas/campaign-chat.ts). */
export const app = createCampaignChatApp(campaignChatServices(config, logger));

export const handler = toLambdaHandler(app, logger, observability);
