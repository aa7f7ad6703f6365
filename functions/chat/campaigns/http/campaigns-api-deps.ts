import type { ApiRequestScopeInput } from "../../../core/http/request-scope-input";
import type { Logger } from "../../../core/logger";
import type { CampaignToolDeps } from "../domain/campaign-tools";
import type { CampaignChatDeps } from "../domain/use-cases/run-campaign-chat";

/** One chat request's dependencies, on its scope's model session. */
export interface CampaignChatSession {
  chat: CampaignChatDeps;
  /** The provider of the session's last model call (from the calls' own usage); undefined if none was made. */
  lastProvider(): string | undefined;
}

/**
 * What the campaign chat's HTTP app needs, built by its wiring (wiring/campaign-chat-wiring.ts) or by a
 * test: per-request dependencies, never the adapters or the config they come from.
 */
export interface CampaignsApiDeps {
  logger: Logger;
  maxBodyBytes?: number;
  /** One tenant's campaigns with the embedding, the clock and what "recent" means: every route but the chat. */
  tenantDeps(tenant: string): CampaignToolDeps;
  /**
   * Runs `use` in the request's scope: its usage recorded and logged once, its model bounded by the
   * request's model deadline, so the offline router still answers in time when the model does not.
   */
  inRequestScope<T>(
    request: ApiRequestScopeInput,
    use: (session: CampaignChatSession) => Promise<T>,
  ): Promise<T>;
}
