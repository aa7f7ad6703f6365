import type { ApiRequestScopeInput } from "../../../core/http/request-scope-input";
import type { Logger } from "../../../core/logger";
import type { CatalogRepository } from "../domain/ports/catalog-repository";
import type { SessionRepository } from "../domain/ports/session-repository";
import type { SendCatalogMessageDeps } from "../domain/use-cases/send-catalog-message";

/** One tenant's catalog and chat sessions: what the routes without a model need. */
export interface CatalogTenantDeps {
  catalog: CatalogRepository;
  sessions: SessionRepository;
}

/**
 * What the catalog chat's HTTP app needs, built by its wiring (wiring/catalog-chat-wiring.ts) or by a test:
 * per-request dependencies, never the adapters or the config they come from.
 */
export interface CatalogApiDeps {
  logger: Logger;
  maxBodyBytes?: number;
  /** One tenant's catalog and sessions. */
  tenantDeps(tenant: string): CatalogTenantDeps;
  /**
   * Runs `use` in the request's scope with the tenant's chat: Agents 1 and 2 on one model session bounded
   * by the request's deadline, so a slow or silent model leaves the offline rules time to answer.
   */
  inRequestScope<T>(
    request: ApiRequestScopeInput,
    use: (chat: SendCatalogMessageDeps) => Promise<T>,
  ): Promise<T>;
}
