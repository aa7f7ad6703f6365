import { z } from "zod";
import type { ItemKey } from "../../core/db/keys";
import type { TenantTable, TransactOperation } from "../../core/db/tenant-table";
import { ConflictError, NotFoundError } from "../../core/errors";
import { mapWithConcurrency } from "../../core/map-with-concurrency";
import { SnapshotIdSchema } from "../domain/ids";
import type { SnapshotRepository, VersionedMeal } from "../domain/ports/snapshot-repository";
import {
  type MealType,
  mealKeyOf,
  type PlannedMeal,
  PlannedMealSchema,
} from "../domain/snapshots/planned-meal";
import { compareMeals, type Snapshot } from "../domain/snapshots/snapshot";

/**
 * Item design (one partition per snapshot, `PLAN#{snapshot_id}` under the tenant prefix):
 *
 *   sk `SNAPSHOT`                  the header: id, created_at, whether every meal is written
 *   sk `MEAL#{date}#{meal_type}`   one item per planned meal, with its own version
 *
 * A complete header also sits in gsi1 under `PLANS` / `{created_at}#{snapshot_id}` (`GET /plans`, newest
 * first): a fixed sort key, so plans created between pages never shift one; an incomplete header has none.
 *
 * A meal is its own item so that edits of different meals of one snapshot never conflict, and so that no
 * item grows with the plan: a meal with its compiled variant is a few KB, while a header holding 200 meals
 * with variants could pass DynamoDB's 400 KB item limit.
 */
const planPartition = (snapshotId: string): string[] => ["PLAN", snapshotId];
const headerKey = (snapshotId: string): ItemKey => ({ pk: planPartition(snapshotId), sk: ["SNAPSHOT"] });
const MEAL_SK = "MEAL";
const mealKey = (snapshotId: string, date: string, mealType: MealType): ItemKey => ({
  pk: planPartition(snapshotId),
  sk: [MEAL_SK, date, mealType],
});

/** The list's index entry, written with a complete header only (so the list never shows half a plan). */
const listIndex = (header: Pick<SnapshotHeader, "snapshot_id" | "created_at">): ItemKey => ({
  pk: ["PLANS"],
  sk: [header.created_at.replaceAll("#", ""), header.snapshot_id],
});

const SnapshotHeaderSchema = z.object({
  snapshot_id: SnapshotIdSchema,
  created_at: z.iso.datetime(),
  /**
   * False while a snapshot too large for one transaction is being written in several; readers treat such
   * a snapshot as absent, so nobody ever sees half a plan.
   */
  complete: z.boolean(),
  /** For the list of plans; absent on headers written before it existed. */
  meal_count: z.number().int().min(0).optional(),
  first_date: z.string().optional(),
  last_date: z.string().optional(),
});
type SnapshotHeader = z.infer<typeof SnapshotHeaderSchema>;

/** DynamoDB's TransactWriteItems limit (operations per transaction). */
const MAX_TRANSACT_ITEMS = 100;
/** Parallel deletes when undoing a failed multi-transaction create. */
const CLEANUP_CONCURRENCY = 8;

const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

/** The header is the first operation of the first transaction: its reason says whether the id is taken. */
const isHeaderTaken = (error: unknown): boolean => {
  if (!(error instanceof ConflictError)) return false;
  const details = error.details as { reasons?: unknown } | undefined;
  return Array.isArray(details?.reasons) && details.reasons[0] === "ConditionalCheckFailed";
};

/**
 * SnapshotRepository on the tenant-bound table. Stored items are validated with the domain's schemas on every
 * read; an item that no longer fits is a StoredItemInvalidError (500), never silently passed on.
 */
export const createDynamoSnapshotRepository = (table: TenantTable): SnapshotRepository => {
  const readAllMeals = async (snapshotId: string): Promise<PlannedMeal[]> => {
    const meals: PlannedMeal[] = [];
    let cursor: string | undefined;
    do {
      // Strongly consistent: a GET right after an edit must show it ("reload doesn't change anything").
      const page = await table.query(planPartition(snapshotId), PlannedMealSchema, {
        skPrefix: [MEAL_SK],
        consistentRead: true,
        ...(cursor === undefined ? {} : { cursor }),
      });
      for (const item of page.items) meals.push(item.data);
      cursor = page.cursor;
    } while (cursor !== undefined);
    return meals;
  };

  /** Best effort: undoes a create that failed after its first transaction; meals first, header last. */
  const removeQuietly = async (mealKeys: readonly ItemKey[], header: ItemKey): Promise<void> => {
    const ignoreFailure = async (key: ItemKey): Promise<void> => {
      try {
        await table.delete(key);
      } catch {
        // An item left behind belongs to an incomplete snapshot, which readers treat as absent.
      }
    };
    await mapWithConcurrency(mealKeys, CLEANUP_CONCURRENCY, ignoreFailure);
    await ignoreFailure(header);
  };

  return {
    async createSnapshot(snapshot: Snapshot): Promise<void> {
      const id = snapshot.snapshot_id;
      const mealPuts = snapshot.planned_meals.map(
        (meal): TransactOperation => ({
          type: "put",
          key: mealKey(id, meal.date, meal.meal_type),
          data: meal,
          options: { expectedVersion: "absent" },
        }),
      );
      const firstMeals = mealPuts.slice(0, MAX_TRANSACT_ITEMS - 1);
      const laterChunks = chunk(mealPuts.slice(MAX_TRANSACT_ITEMS - 1), MAX_TRANSACT_ITEMS);
      const dates = snapshot.planned_meals.map((meal) => meal.date).sort();
      const header: SnapshotHeader = {
        snapshot_id: id,
        created_at: snapshot.created_at,
        complete: laterChunks.length === 0,
        meal_count: snapshot.planned_meals.length,
        ...(dates.length ? { first_date: dates[0], last_date: dates[dates.length - 1] } : {}),
      };

      // Header and (up to) 99 meals in one all-or-nothing write: a taken id writes nothing at all.
      try {
        await table.transactWrite([
          {
            type: "put",
            key: headerKey(id),
            data: header,
            options: { expectedVersion: "absent", ...(header.complete ? { index: listIndex(header) } : {}) },
          },
          ...firstMeals,
        ]);
      } catch (error) {
        if (isHeaderTaken(error)) {
          throw new ConflictError(`Snapshot ${id} already exists`, { code: "snapshot_exists", cause: error });
        }
        throw error;
      }
      if (laterChunks.length === 0) return;

      // A plan over 99 meals needs more transactions; it stays invisible until the header says complete.
      const written = firstMeals.map((op) => op.key);
      try {
        for (const operations of laterChunks) {
          await table.transactWrite(operations);
          written.push(...operations.map((op) => op.key));
        }
        await table.put(
          headerKey(id),
          { ...header, complete: true },
          { expectedVersion: 1, index: listIndex(header) },
        );
      } catch (error) {
        await removeQuietly(written, headerKey(id));
        throw error;
      }
    },

    async getSnapshot(snapshotId: string): Promise<Snapshot | null> {
      const [header, meals] = await Promise.all([
        table.get(headerKey(snapshotId), SnapshotHeaderSchema),
        readAllMeals(snapshotId),
      ]);
      if (!header?.data.complete) return null;
      return {
        snapshot_id: header.data.snapshot_id,
        created_at: header.data.created_at,
        planned_meals: meals.sort(compareMeals),
      };
    },

    async getMeal(snapshotId: string, date: string, mealType: MealType): Promise<VersionedMeal | null> {
      // The header too, read alongside: a meal of a snapshot still being written (or left behind by a
      // failed create) belongs to no plan yet, so it is as absent here as in getSnapshot.
      const [header, item] = await Promise.all([
        table.get(headerKey(snapshotId), SnapshotHeaderSchema),
        table.get(mealKey(snapshotId, date, mealType), PlannedMealSchema),
      ]);
      if (!header?.data.complete || !item) return null;
      return { meal: item.data, version: item.version };
    },

    async listSnapshots({ limit, cursor }) {
      const page = await table.query(["PLANS"], SnapshotHeaderSchema, {
        limit,
        descending: true,
        useIndex: true,
        ...(cursor ? { cursor } : {}),
      });
      return {
        plans: page.items.map(({ data }) => ({
          snapshot_id: data.snapshot_id,
          created_at: data.created_at,
          ...(data.meal_count === undefined ? {} : { meal_count: data.meal_count }),
          ...(data.first_date ? { first_date: data.first_date } : {}),
          ...(data.last_date ? { last_date: data.last_date } : {}),
        })),
        ...(page.cursor ? { cursor: page.cursor } : {}),
      };
    },

    async saveMeal(snapshotId: string, meal: PlannedMeal, expectedVersion: number): Promise<number> {
      const key = mealKey(snapshotId, meal.date, meal.meal_type);
      try {
        return await table.put(key, meal, { expectedVersion });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        // The condition also fails when the item does not exist: tell the two apart for the caller.
        const current = await table.get(key, z.unknown());
        if (!current) {
          throw new NotFoundError(`Meal ${mealKeyOf(meal)} of snapshot ${snapshotId} not found`);
        }
        throw new ConflictError(
          `Meal ${mealKeyOf(meal)} of snapshot ${snapshotId} changed (version ${current.version}, expected ${expectedVersion})`,
          { code: "stale_write", cause: error },
        );
      }
    },
  };
};
