import { z } from "zod";
import type { TenantTable } from "../../core/db/tenant-table";
import { ConflictError } from "../../core/errors";
import { type HouseholdPreferences, householdPreferencesSchema } from "../domain/household-preferences";
import type { ShopRunRepository } from "../domain/ports/shop-run-repository";
import { openDecisionCount } from "../domain/runs/open-decisions";
import { runContextSchema } from "../domain/runs/run-context";
import { type RunHeader, runHeaderSchema, runItemSchema, runListEntrySchema } from "../domain/runs/shop-run";

/**
 * Runs in the tenant-bound table:
 * - header `SHOPRUN#{runId}` / `HEADER`, items `SHOPRUN#{runId}` / `ITEM#{productId}` (one per
 *   unavailable item, written by its own state, so items never race on one record);
 * - list entry `SHOPRUNS` / `{startedAt}#{runId}` (newest first by a descending query), with its open
 *   decisions count; while that count is above 0 it also sits in gsi1 under `SHOPRUNS#AWAITING`;
 * - idempotency key `SHOPRUNKEY#{key}` / `KEY` → runId and the request's fingerprint, written with the
 *   header in one transaction;
 * - context `SHOPRUN#{runId}` / `CONTEXT`: what the run's steps read once (orders, cart, preferences) and
 *   BuildCart's additions, kept with the run instead of in the workflow's state;
 * - preferences `SHOPPREFS` / `PREFS`.
 */
const headerKey = (runId: string) => ({ pk: ["SHOPRUN", runId], sk: ["HEADER"] });
const itemKey = (runId: string, productId: string) => ({ pk: ["SHOPRUN", runId], sk: ["ITEM", productId] });
const listKey = (header: Pick<RunHeader, "startedAt" | "runId">) => ({
  pk: ["SHOPRUNS"],
  sk: [header.startedAt.replaceAll("#", ""), header.runId],
});
/** Sparse gsi1 entry, only on list entries of runs with open decisions: `GET /shop/runs?awaiting=decisions`. */
const awaitingIndexKey = (header: Pick<RunHeader, "startedAt" | "runId">) => ({
  pk: ["SHOPRUNS", "AWAITING"],
  sk: [header.startedAt.replaceAll("#", ""), header.runId],
});
const contextKey = (runId: string) => ({ pk: ["SHOPRUN", runId], sk: ["CONTEXT"] });
const idempotencyKey = (key: string) => ({ pk: ["SHOPRUNKEY", key], sk: ["KEY"] });
const preferencesKey = { pk: ["SHOPPREFS"], sk: ["PREFS"] };

/** `requestFingerprint` is optional: records written before it was stored still answer their run. */
const idempotencyRecordSchema = z.object({ runId: z.string(), requestFingerprint: z.string().optional() });

/** A header changed by several writers at once (steps, the API) is re-read this often before a 409. */
const MAX_UPDATE_ATTEMPTS = 5;

/** Runs are kept 90 days. */
const RUN_RETENTION_SECONDS = 90 * 86_400;

export const createDynamoShopRunRepository = (
  table: TenantTable,
  now: () => Date = () => new Date(),
): ShopRunRepository => {
  const expiresAt = () => Math.floor(now().getTime() / 1000) + RUN_RETENTION_SECONDS;
  const listEntry = (header: RunHeader) => ({
    runId: header.runId,
    status: header.status,
    startedAt: header.startedAt,
    ...(header.endedAt ? { endedAt: header.endedAt } : {}),
    openDecisions: openDecisionCount(header),
    ...(header.result ? { degraded: header.result.degraded } : {}),
    ...(header.error ? { error: header.error } : {}),
  });
  const listEntryOptions = (header: RunHeader) => {
    const awaiting = openDecisionCount(header) > 0;
    return { expiresAt: expiresAt(), ...(awaiting ? { index: awaitingIndexKey(header) } : {}) };
  };

  const getRun = async (runId: string) => (await table.get(headerKey(runId), runHeaderSchema))?.data;

  return {
    async createRun(header, idempotency) {
      const writes = [
        {
          type: "put" as const,
          key: headerKey(header.runId),
          data: header,
          options: { expectedVersion: "absent" as const, expiresAt: expiresAt() },
        },
        {
          type: "put" as const,
          key: listKey(header),
          data: listEntry(header),
          options: { expectedVersion: "absent" as const, expiresAt: expiresAt() },
        },
      ];
      if (idempotency === undefined) {
        await table.transactWrite(writes);
        return { header, created: true };
      }
      try {
        await table.transactWrite([
          ...writes,
          {
            type: "put",
            key: idempotencyKey(idempotency.key),
            data: { runId: header.runId, requestFingerprint: idempotency.requestFingerprint },
            options: { expectedVersion: "absent", expiresAt: expiresAt() },
          },
        ]);
        return { header, created: true };
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        const earlier = await table.get(idempotencyKey(idempotency.key), idempotencyRecordSchema);
        const existing = earlier ? await getRun(earlier.data.runId) : undefined;
        if (!(earlier && existing)) throw error;
        const { requestFingerprint } = earlier.data;
        return { header: existing, created: false, ...(requestFingerprint ? { requestFingerprint } : {}) };
      }
    },

    getRun,

    async updateRun(runId, change) {
      for (let attempt = 1; ; attempt++) {
        const current = await table.get(headerKey(runId), runHeaderSchema);
        if (!current) return undefined;
        const next = change(current.data);
        try {
          await table.transactWrite([
            {
              type: "put",
              key: headerKey(runId),
              data: next,
              options: { expectedVersion: current.version, expiresAt: expiresAt() },
            },
            {
              type: "put",
              key: listKey(next),
              data: listEntry(next),
              options: { expectedVersion: "any", ...listEntryOptions(next) },
            },
          ]);
          return next;
        } catch (error) {
          if (!(error instanceof ConflictError) || attempt >= MAX_UPDATE_ATTEMPTS) throw error;
        }
      }
    },

    async saveItem(runId, item) {
      await table.put(itemKey(runId, item.productId), item, {
        expectedVersion: "any",
        expiresAt: expiresAt(),
      });
    },

    async updateRunContext(runId, patch) {
      const current = (await table.get(contextKey(runId), runContextSchema))?.data;
      await table.put(
        contextKey(runId),
        { ...current, ...patch },
        { expectedVersion: "any", expiresAt: expiresAt() },
      );
    },

    async getRunContext(runId) {
      return (await table.get(contextKey(runId), runContextSchema))?.data ?? {};
    },

    async listItems(runId) {
      const items = [];
      let cursor: string | undefined;
      do {
        const page = await table.query(["SHOPRUN", runId], runItemSchema, {
          skPrefix: ["ITEM"],
          cursor,
          consistentRead: true,
        });
        items.push(...page.items.map((item) => item.data));
        cursor = page.cursor;
      } while (cursor);
      return items;
    },

    async listRuns({ limit, cursor, awaiting }) {
      const page =
        awaiting === "decisions"
          ? await table.query(["SHOPRUNS", "AWAITING"], runListEntrySchema, {
              limit,
              cursor,
              descending: true,
              useIndex: true,
            })
          : await table.query(["SHOPRUNS"], runListEntrySchema, { limit, cursor, descending: true });
      return { runs: page.items.map((item) => item.data), ...(page.cursor ? { cursor: page.cursor } : {}) };
    },

    async getPreferences() {
      return (await table.get(preferencesKey, householdPreferencesSchema))?.data;
    },

    async savePreferences(preferences: HouseholdPreferences) {
      await table.put(preferencesKey, preferences, { expectedVersion: "any" });
    },
  };
};
