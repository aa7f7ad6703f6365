import type { HouseholdPreferences } from "../household-preferences";
import type { RunContext } from "../runs/run-context";
import type { RunHeader, RunItem, RunListEntry } from "../runs/shop-run";

/** An idempotency key with the fingerprint of the request that claims it. */
export interface IdempotencyClaim {
  key: string;
  requestFingerprint: string;
}

/** Port: one tenant's coordinator runs and preferences (a DynamoDB adapter; in-memory in unit tests). */
export interface ShopRunRepository {
  /**
   * Creates the header; with an idempotency key, an earlier run under that key is returned instead, with
   * the fingerprint of the request that started it (absent for a record written before fingerprints).
   */
  createRun(
    header: RunHeader,
    idempotency?: IdempotencyClaim,
  ): Promise<{ header: RunHeader; created: boolean; requestFingerprint?: string }>;
  getRun(runId: string): Promise<RunHeader | undefined>;
  /**
   * Changes the header with `change` applied to its latest version (optimistic lock, re-read on a lost
   * race), so the API and the workflow's steps never overwrite each other's fields. Undefined when the
   * run does not exist.
   */
  updateRun(runId: string, change: (header: RunHeader) => RunHeader): Promise<RunHeader | undefined>;
  saveItem(runId: string, item: RunItem): Promise<void>;
  /** Merges `patch` into the run's context (the steps run one after another, so they never race on it). */
  updateRunContext(runId: string, patch: RunContext): Promise<void>;
  /** The run's context; empty when no step wrote it yet. */
  getRunContext(runId: string): Promise<RunContext>;
  listItems(runId: string): Promise<RunItem[]>;
  /**
   * Newest first by start time (a fixed key, so rows added between pages never shift a page); with
   * `awaiting: "decisions"`, only the runs with open decisions (a sparse index, not a filter).
   */
  listRuns(options: {
    limit: number;
    cursor?: string;
    awaiting?: "decisions";
  }): Promise<{ runs: RunListEntry[]; cursor?: string }>;
  getPreferences(): Promise<HouseholdPreferences | undefined>;
  savePreferences(preferences: HouseholdPreferences): Promise<void>;
}
