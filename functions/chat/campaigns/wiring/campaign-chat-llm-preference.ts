import type { FunctionLlmPreference } from "../../../core/llm/function-llm-provider";

/**
 * The campaign chat Lambda's id and model preference, declared here so the runtime knows them without
 * reading its CDK definition: lib/areas/campaign-chat.ts imports these (lib → functions, never back).
 */
export const CAMPAIGN_CHAT_FUNCTION_ID = "ChatCampaignsApi";

/** Seed 002 is written for OpenAI function calling; any provider of the LLM core can be chosen instead. */
export const CAMPAIGN_CHAT_PREFERRED_PROVIDER = "openai" as const;

/** What readFunctionLlmConfig needs: the override variable's name and the preferred provider. */
export const campaignChatLlmPreference: FunctionLlmPreference = {
  functionId: CAMPAIGN_CHAT_FUNCTION_ID,
  preferredProvider: CAMPAIGN_CHAT_PREFERRED_PROVIDER,
};
