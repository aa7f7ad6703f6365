import type {
  SnapshotListEntry,
  SnapshotRepository,
  VersionedMeal,
} from "../../../functions/cook/domain/ports/snapshot-repository";
import {
  type MealType,
  mealKeyOf,
  type PlannedMeal,
} from "../../../functions/cook/domain/snapshots/planned-meal";
import type { Snapshot } from "../../../functions/cook/domain/snapshots/snapshot";
import { ConflictError, NotFoundError } from "../../../functions/core/errors";

interface StoredSnapshot {
  snapshot_id: string;
  created_at: string;
  meals: Map<string, VersionedMeal>;
}

export interface InMemorySnapshotRepositoryOptions {
  /**
   * Runs inside saveMeal after the version was read and before it is checked, as a concurrent writer
   * would: a test uses it to make another edit land in between and force a ConflictError.
   */
  beforeSaveMeal?: (snapshotId: string, meal: PlannedMeal) => Promise<void> | void;
}

/**
 * SnapshotRepository in memory with the same semantics as the DynamoDB adapter: one versioned record per
 * meal, a conditional write per meal, copies in and out (a caller never holds stored state).
 */
export class InMemorySnapshotRepository implements SnapshotRepository {
  private readonly snapshots = new Map<string, StoredSnapshot>();
  /** Every successful saveMeal, in order, for tests that count writes. */
  readonly savedMeals: { snapshotId: string; meal: PlannedMeal; version: number }[] = [];

  constructor(private readonly options: InMemorySnapshotRepositoryOptions = {}) {}

  async createSnapshot(snapshot: Snapshot): Promise<void> {
    if (this.snapshots.has(snapshot.snapshot_id)) {
      throw new ConflictError(`Snapshot ${snapshot.snapshot_id} already exists`);
    }
    this.snapshots.set(snapshot.snapshot_id, {
      snapshot_id: snapshot.snapshot_id,
      created_at: snapshot.created_at,
      meals: new Map(
        snapshot.planned_meals.map((meal) => [mealKeyOf(meal), { meal: structuredClone(meal), version: 1 }]),
      ),
    });
  }

  async getSnapshot(snapshotId: string): Promise<Snapshot | null> {
    const stored = this.snapshots.get(snapshotId);
    if (!stored) return null;
    return {
      snapshot_id: stored.snapshot_id,
      created_at: stored.created_at,
      planned_meals: [...stored.meals.values()].map(({ meal }) => structuredClone(meal)),
    };
  }

  async getMeal(snapshotId: string, date: string, mealType: MealType): Promise<VersionedMeal | null> {
    const found = this.snapshots.get(snapshotId)?.meals.get(mealKeyOf({ date, meal_type: mealType }));
    return found ? structuredClone(found) : null;
  }

  /** Newest first; the cursor is the index of the next entry (a fake's cursor, opaque to callers). */
  async listSnapshots(options: { limit: number; cursor?: string }) {
    const all: SnapshotListEntry[] = [...this.snapshots.values()]
      .map((s) => ({ snapshot_id: s.snapshot_id, created_at: s.created_at, meal_count: s.meals.size }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const start = options.cursor ? Number(options.cursor) : 0;
    const plans = all.slice(start, start + options.limit);
    const next = start + options.limit;
    return { plans, ...(next < all.length ? { cursor: String(next) } : {}) };
  }

  async saveMeal(snapshotId: string, meal: PlannedMeal, expectedVersion: number): Promise<number> {
    await this.options.beforeSaveMeal?.(snapshotId, meal);
    const meals = this.snapshots.get(snapshotId)?.meals;
    const current = meals?.get(mealKeyOf(meal));
    if (!meals || !current)
      throw new NotFoundError(`Meal ${mealKeyOf(meal)} of snapshot ${snapshotId} not found`);
    if (current.version !== expectedVersion) {
      throw new ConflictError(
        `Meal ${mealKeyOf(meal)} changed (version ${current.version}, expected ${expectedVersion})`,
      );
    }
    const version = expectedVersion + 1;
    meals.set(mealKeyOf(meal), { meal: structuredClone(meal), version });
    this.savedMeals.push({ snapshotId, meal: structuredClone(meal), version });
    return version;
  }
}
