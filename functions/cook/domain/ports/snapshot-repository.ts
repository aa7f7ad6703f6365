import type { MealType, PlannedMeal } from "../snapshots/planned-meal";
import type { Snapshot } from "../snapshots/snapshot";

/** One plan as the tenant's list of plans shows it (`GET /plans`). */
export interface SnapshotListEntry {
  snapshot_id: string;
  created_at: string;
  /** Absent on plans stored before the list existed. */
  meal_count?: number;
  first_date?: string;
  last_date?: string;
}

/** A planned meal with the version its record had when read (optimistic locking). */
export interface VersionedMeal {
  meal: PlannedMeal;
  version: number;
}

/**
 * Port: where meal-plan snapshots live. The adapter is built per tenant, so no method takes a tenant.
 *
 * Each planned meal is its own versioned record, so edits of different meals of one snapshot never
 * conflict and two edits of the same meal are serialised by `saveMeal`'s version check: the loser gets a
 * ConflictError and the use case re-reads, re-merges and retries.
 */
export interface SnapshotRepository {
  /** Stores a new snapshot and all its meals (each meal at version 1). ConflictError if the id is taken. */
  createSnapshot(snapshot: Snapshot): Promise<void>;
  /** The snapshot with every meal as currently stored, or null. */
  getSnapshot(snapshotId: string): Promise<Snapshot | null>;
  /** One meal of a snapshot with its version, or null when the snapshot or the meal does not exist. */
  getMeal(snapshotId: string, date: string, mealType: MealType): Promise<VersionedMeal | null>;
  /**
   * Replaces one meal (keyed by its date and meal_type) if its stored version is still `expectedVersion`,
   * and returns the new version. Throws ConflictError when the version moved on, NotFoundError when the
   * meal does not exist.
   */
  saveMeal(snapshotId: string, meal: PlannedMeal, expectedVersion: number): Promise<number>;
  /**
   * The tenant's complete plans, newest created first, a page at a time (a Query on an index entry
   * written with each plan's header): plans created between pages never shift a page.
   */
  listSnapshots(options: {
    limit: number;
    cursor?: string;
  }): Promise<{ plans: SnapshotListEntry[]; cursor?: string }>;
}
