import { createEmbedding } from "../../../core/embedding/create-embedding";
import type { EmbeddingPort } from "../../../core/embedding/embedding-port";
import { createLlm } from "../../../core/llm/create-llm";
import type { LlmPort } from "../../../core/llm/llm-port";
import type { Logger } from "../../../core/logger";
import { withRequestScope } from "../../../core/request-scope";
import { createSql } from "../../../core/sql/create-sql";
import type { SqlPort } from "../../../core/sql/sql-port";
import { forTenant } from "../../../core/sql/tenant-sql";
import { createCampaignRepository } from "../adapters/sql-campaign-repository";
import type { CampaignToolDeps } from "../domain/campaign-tools";
import type { CampaignsApiDeps } from "../http/campaigns-api-deps";
import { createCampaignsApp } from "../http/create-campaigns-app";
import type { CampaignChatConfig } from "./campaign-chat-config";

/** What "recent" means in the campaign chat when a user says it. */
export const RECENT_CAMPAIGN_DAYS = 90;

/** What the campaign chat builds once per container, from its config (or a test's). */
export interface CampaignChatServices {
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

/** The container's services from the config read once at cold start. */
export const campaignChatServices = (config: CampaignChatConfig, logger: Logger): CampaignChatServices => ({
  logger,
  sql: createSql(config.sql),
  embedding: createEmbedding(config.embedding),
  llm: createLlm(config.llm.config),
  offline: config.llm.config.provider === "none",
  now: () => new Date(),
  recentDays: RECENT_CAMPAIGN_DAYS,
});

/** The per-request dependencies the HTTP app calls its use cases with. */
export const campaignsApiDeps = (services: CampaignChatServices): CampaignsApiDeps => {
  // One tenant's campaigns: the SQL adapter over the tenant-bound database port, and what the tools need.
  const tenantDeps = (tenant: string): CampaignToolDeps => ({
    campaigns: createCampaignRepository(forTenant(services.sql, tenant)),
    embedding: services.embedding,
    now: services.now,
    recentDays: services.recentDays,
  });
  return {
    logger: services.logger,
    ...(services.maxBodyBytes === undefined ? {} : { maxBodyBytes: services.maxBodyBytes }),
    tenantDeps,
    inRequestScope: (request, use) =>
      withRequestScope(services.llm, { ...request, logContext: { chat: "campaigns" } }, (scope) =>
        use({
          chat: {
            tools: tenantDeps(scope.tenant),
            // The agent loop watches the deadline itself and answers with what it has found by then.
            llm: scope.recordingLlm,
            offline: services.offline,
            logger: scope.logger,
            ...(scope.deadline === undefined ? {} : { deadline: scope.deadline }),
          },
          // Which provider answered, for the chat's `provider` field.
          lastProvider: () => scope.usage.entries().at(-1)?.provider,
        }),
      ),
  };
};

/** The campaign chat's HTTP app on these services: the one place its dependencies are put together. */
export const createCampaignChatApp = (services: CampaignChatServices) =>
  createCampaignsApp(campaignsApiDeps(services));
