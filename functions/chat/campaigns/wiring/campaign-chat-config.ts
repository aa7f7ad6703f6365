import { configOnce } from "../../../core/config";
import { readEmbeddingConfig } from "../../../core/embedding/embedding-config";
import type { FunctionLlmPreference } from "../../../core/llm/function-llm-provider";
import { readFunctionLlmConfig } from "../../../core/llm/llm-config";
import { readSqlConfig } from "../../../core/sql/sql-config";

/**
 * The campaign chat's one config: the Lambda's id and model preference, declared here so the runtime knows
 * them without reading its CDK definition (lib/areas/campaign-chat.ts imports these: lib → functions, never
 * back), and the variables read once at cold start.
 */
export const CAMPAIGN_CHAT_FUNCTION_ID = "ChatCampaignsApi";

/** Seed 002 is written for OpenAI function calling; any provider of the LLM core can be chosen instead. */
export const CAMPAIGN_CHAT_PREFERRED_PROVIDER = "openai" as const;

/** What readFunctionLlmConfig needs: the override variable's name and the preferred provider. */
export const campaignChatLlmPreference: FunctionLlmPreference = {
  functionId: CAMPAIGN_CHAT_FUNCTION_ID,
  preferredProvider: CAMPAIGN_CHAT_PREFERRED_PROVIDER,
};

// A malformed provider, a missing database variable or a missing key fails at the first read, with its name.
export const readCampaignChatConfig = configOnce(() => ({
  llm: readFunctionLlmConfig(campaignChatLlmPreference),
  sql: readSqlConfig(),
  embedding: readEmbeddingConfig(),
}));

export type CampaignChatConfig = ReturnType<typeof readCampaignChatConfig>;
