import { configOnce } from "../core/config";
import { createEmbedding } from "../core/embedding/create-embedding";
import { readEmbeddingConfig } from "../core/embedding/embedding-config";
import { toLambdaHandler } from "../core/http/lambda-handler";
import { createLlm, readLlmConfig } from "../core/llm";
import { createObservability } from "../core/observability";
import { createSql } from "../core/sql/create-sql";
import { readSqlConfig } from "../core/sql/sql-config";
import { createCampaignsApp } from "./campaigns/http/create-campaigns-app";

/** What "recent" means in the campaign chat when a user says it. */
const RECENT_CAMPAIGN_DAYS = 90;

// Parsed at cold start: a malformed provider, a missing database variable or a missing key fails here, with its name.
const config = configOnce(() => ({
  llm: readLlmConfig(),
  sql: readSqlConfig(),
  embedding: readEmbeddingConfig(),
}))();
const observability = await createObservability("chat-campaigns");
const { logger } = observability;

export const app = createCampaignsApp({
  logger,
  sql: createSql(config.sql),
  embedding: createEmbedding(config.embedding),
  llm: createLlm(config.llm),
  offline: config.llm.provider === "none",
  now: () => new Date(),
  recentDays: RECENT_CAMPAIGN_DAYS,
});

export const handler = toLambdaHandler(app, logger, observability);
