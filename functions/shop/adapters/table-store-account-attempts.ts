import { z } from "zod";
import type { TenantTable } from "../../core/db/tenant-table";
import { ConflictError } from "../../core/errors";
import type { StoreAccountAttemptKind, StoreAccountAttempts } from "../domain/ports/store-account-attempts";

const countSchema = z.object({ count: z.number().int().min(0) });
const DAY_SECONDS = 86_400;

/**
 * The tenant's attempts per UTC day, one item a kind and day in the tenant's partition, counted with the
 * table's optimistic lock (a lost race reads again); the item expires the day after.
 */
const keyOf = (kind: StoreAccountAttemptKind, day: string) => ({
  pk: ["STOREACCOUNT"],
  sk: ["ATTEMPTS", kind, day],
});

export const createTableStoreAccountAttempts = (table: TenantTable): StoreAccountAttempts => ({
  async count(kind, at) {
    const day = at.toISOString().slice(0, 10);
    const key = keyOf(kind, day);
    const expiresAt = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * DAY_SECONDS;
    for (let tries = 1; ; tries += 1) {
      const current = await table.get(key, countSchema);
      const count = (current?.data.count ?? 0) + 1;
      try {
        await table.put(key, { count }, { expectedVersion: current?.version ?? "absent", expiresAt });
        return count;
      } catch (error) {
        if (!(error instanceof ConflictError) || tries >= 5) throw error;
      }
    }
  },
  async counted(kind, at) {
    const current = await table.get(keyOf(kind, at.toISOString().slice(0, 10)), countSchema);
    return current?.data.count ?? 0;
  },
});
