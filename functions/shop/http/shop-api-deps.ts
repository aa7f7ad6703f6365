import type { LlmPort } from "../../core/llm/llm-port";
import type { Logger } from "../../core/logger";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";
import type { StoreToolsPort } from "../domain/ports/store-tools-port";
import type { WeeklyRunIndex } from "../domain/weekly-run-index";

/** What the shop HTTP app needs, built once per container by functions/shop/entries/shop-api.ts or by a test. */
export interface ShopApiDeps {
  logger: Logger;
  runsFor(tenant: string): ShopRunRepository;
  workflows: Pick<WorkflowPort, "start" | "describe">;
  /** A store session for one household (closed by the caller). */
  storeFor(householdId: string): Promise<StoreToolsPort & { close(): Promise<void> }>;
  llm: LlmPort;
  /** Which tenants asked for a weekly run in each hour of the week (written with the preferences). */
  weeklyRuns: WeeklyRunIndex;
  /** Whether the tenant has this meal-plan snapshot (the cook area's data, same table). */
  planSnapshotExists(tenant: string, snapshotId: string): Promise<boolean>;
  newRunId: () => string;
  now: () => Date;
  maxBodyBytes?: number;
}
