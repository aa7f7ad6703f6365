import type { EventPublisher } from "../../core/events/event-publisher-port";
import type { ApiRequestScopeInput } from "../../core/http/request-scope-input";
import type { LlmPort } from "../../core/llm/llm-port";
import type { Logger } from "../../core/logger";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { PlanShoppingListPort } from "../domain/ports/plan-shopping-list-port";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";
import type { StoreAccountAttempts } from "../domain/ports/store-account-attempts";
import type { StoreAccountVault } from "../domain/ports/store-account-vault";
import type { StoreSessionOpener } from "../domain/ports/store-session-opener";
import type { SubstitutionChoiceRepository } from "../domain/ports/substitution-choice-repository";
import type { WeeklyRunIndex } from "../domain/ports/weekly-run-index";

/** What the shop HTTP app needs, built once per container by shop's wiring (or by a test). */
export interface ShopApiDeps {
  logger: Logger;
  runsFor(tenant: string): ShopRunRepository;
  /** The tenant's remembered substitution choices (same table, tenant in every key). */
  choicesFor(tenant: string): SubstitutionChoiceRepository;
  workflows: Pick<WorkflowPort, "start" | "describe">;
  /** A household's store sessions, bounded by the request's store deadline (its Lambda's clock). */
  storeSessions: StoreSessionOpener;
  /** The tenant's store account: credentials and session as secrets, the status record in plain. */
  storeAccountFor(tenant: string): StoreAccountVault;
  /** The tenant's store-account attempts per day (PUTs, sign-ins), for their limits. */
  storeAccountAttemptsFor(tenant: string): StoreAccountAttempts;
  /** Runs `use` in the request's model scope (wiring/shop-request-scopes.ts): calls end at its deadline. */
  inRequestScope<T>(
    request: ApiRequestScopeInput,
    use: (scope: { llm: LlmPort; logger: Logger }) => Promise<T>,
  ): Promise<T>;
  /** Which tenants asked for a weekly run in each hour of the week (written with the preferences). */
  weeklyRuns: WeeklyRunIndex;
  /** The cook area's meal plans of one tenant (same table), through the port. */
  plansFor(tenant: string): Pick<PlanShoppingListPort, "snapshotExists">;
  /** Where API-side outcomes are announced (shop.decisions.applied). */
  events: EventPublisher;
  newRunId: () => string;
  now: () => Date;
  maxBodyBytes?: number;
}
