import { toLambdaHandler } from "../../../core/http/lambda-handler";
import { createObservability } from "../../../core/observability";
import { readCampaignChatConfig } from "./campaign-chat-config";
import { campaignChatServices, createCampaignChatApp } from "./campaign-chat-wiring";

/**
 * The campaign chat's API Lambda handler (lib/areas/campaign-chat.ts), built at cold start: the config (a
 * malformed provider, a missing database variable or a missing key fails here, with its name),
 * observability, the app.
 */
export const createCampaignChatApiHandler = async () => {
  const config = readCampaignChatConfig();
  const observability = await createObservability("campaign-chat");
  const { logger } = observability;
  logger.info("campaign chat model provider", { ...config.llm.choice });
  return toLambdaHandler(createCampaignChatApp(campaignChatServices(config, logger)), logger, observability);
};
