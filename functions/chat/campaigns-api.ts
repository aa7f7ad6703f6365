import { configOnce } from "../core/config";
import { createEmbedding } from "../core/embedding/create-embedding";
import { readEmbeddingConfig } from "../core/embedding/embedding-config";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { createLlm, readFunctionLlmConfig } from "../core/llm";
import { createObservability } from "../core/observability";
import { createSql } from "../core/sql/create-sql";
import { readSqlConfig } from "../core/sql/sql-config";
import { campaignChatLlmPreference, createCampaignsApp } from "./campaigns/http/create-campaigns-app";

/** What "recent" means in the campaign chat when a user says it. */
const RECENT_CAMPAIGN_DAYS = 90;

// Parsed at cold start: a malformed provider, a missing database variable or a missing key fails here, with its name.
const config = configOnce(() => ({
  llm: readFunctionLlmConfig(campaignChatLlmPreference),
  sql: readSqlConfig(),
  embedding: readEmbeddingConfig(),
}))();
const observability = await createObservability("chat-campaigns");
const { logger } = observability;
logger.info("campaign chat model provider", { ...config.llm.choice });

export const app = createCampaignsApp({
  logger,
  sql: createSql(config.sql),
  embedding: createEmbedding(config.embedding),
  llm: createLlm(config.llm.config),
  offline: config.llm.config.provider === "none",
  now: () => new Date(),
  recentDays: RECENT_CAMPAIGN_DAYS,
});

export const handler = toLambdaHandler(app, logger, observability);
