import { configOnce } from "../../../core/config";
import { createEmbedding } from "../../../core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../core/embedding/embedding-config";
import type { EmbeddingPort } from "../../../core/embedding/embedding-port";
import { createLlm } from "../../../core/llm/create-llm";
import { readFunctionLlmConfig } from "../../../core/llm/llm-config";
import type { LlmPort } from "../../../core/llm/llm-port";
import { type ModelSession, withModelSession } from "../../../core/llm/model-session";
import type { Logger } from "../../../core/logger";
import { createSql } from "../../../core/sql/create-sql";
import { readSqlConfig } from "../../../core/sql/sql-config";
import type { SqlPort } from "../../../core/sql/sql-port";
import { forTenant } from "../../../core/sql/tenant-sql";
import { createCampaignStore } from "../adapters/sql-campaign-store";
import type { CampaignToolDeps } from "../domain/campaign-tools";
import type { CampaignStore } from "../domain/ports/campaign-store";
import { campaignChatLlmPreference } from "./campaign-chat-llm-preference";

/** What "recent" means in the campaign chat when a user says it. */
export const RECENT_CAMPAIGN_DAYS = 90;

/** What the campaign chat's app needs, built once per container (or by a test). */
export interface CampaignsApiDeps {
  logger: Logger;
  sql: SqlPort;
  embedding: EmbeddingPort;
  llm: LlmPort;
  /** LLM_PROVIDER=none: the offline router answers the chat. */
  offline: boolean;
  now: () => Date;
  /** What "recent" means, in days. */
  recentDays: number;
  maxBodyBytes?: number;
}

// A malformed provider, a missing database variable or a missing key fails at the first read, with its name.
export const readCampaignChatConfig = configOnce(() => ({
  llm: readFunctionLlmConfig(campaignChatLlmPreference),
  sql: readSqlConfig(),
  embedding: readEmbeddingConfig(),
}));

/** The container's dependencies from the config read once. */
export const campaignChatDeps = (
  config: ReturnType<typeof readCampaignChatConfig>,
  logger: Logger,
): CampaignsApiDeps => ({
  logger,
  sql: createSql(config.sql),
  embedding: createEmbedding(config.embedding),
  llm: createLlm(config.llm.config),
  offline: config.llm.config.provider === "none",
  now: () => new Date(),
  recentDays: RECENT_CAMPAIGN_DAYS,
});

/** One tenant's campaigns: the SQL adapter over the tenant-bound database port. */
export const campaignStoreFor = (deps: Pick<CampaignsApiDeps, "sql">, tenant: string): CampaignStore =>
  createCampaignStore(forTenant(deps.sql, tenant));

/** What the three tools need for one tenant. */
export const campaignToolDepsFor = (deps: CampaignsApiDeps, tenant: string): CampaignToolDeps => ({
  store: campaignStoreFor(deps, tenant),
  embedding: deps.embedding,
  now: deps.now,
  recentDays: deps.recentDays,
});

/**
 * One chat request's model session: usage recorded and logged once, bounded by the request's model
 * deadline (`c.get("modelDeadline")`: API Gateway's 30 s, or the Lambda's remaining time, less the offline
 * reserve), so the offline router still answers in time when the model does not.
 */
export const withCampaignChatSession = <T>(
  deps: Pick<CampaignsApiDeps, "llm">,
  request: { logger: Logger; modelDeadline: number },
  use: (session: ModelSession) => Promise<T>,
): Promise<T> =>
  withModelSession(
    deps.llm,
    { deadline: request.modelDeadline, logger: request.logger, logContext: { chat: "campaigns" } },
    use,
  );
