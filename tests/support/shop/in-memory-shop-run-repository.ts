import type { HouseholdPreferences } from "../../../functions/shop/domain/household-preferences";
import type { ShopRunRepository } from "../../../functions/shop/domain/ports/shop-run-repository";
import { openDecisionCount } from "../../../functions/shop/domain/runs/open-decisions";
import type { RunContext } from "../../../functions/shop/domain/runs/run-context";
import type { RunHeader, RunItem } from "../../../functions/shop/domain/runs/shop-run";

/** The run repository in memory, one per tenant, for unit tests of the use cases and the HTTP app. */
export const createInMemoryShopRunRepository = (): ShopRunRepository & { items: Map<string, RunItem[]> } => {
  const headers = new Map<string, RunHeader>();
  const keys = new Map<string, { runId: string; requestFingerprint: string }>();
  const items = new Map<string, RunItem[]>();
  const contexts = new Map<string, RunContext>();
  let preferences: HouseholdPreferences | undefined;
  return {
    items,
    async createRun(header, idempotency) {
      const earlier = idempotency === undefined ? undefined : keys.get(idempotency.key);
      if (earlier) {
        return {
          header: headers.get(earlier.runId) as RunHeader,
          created: false,
          requestFingerprint: earlier.requestFingerprint,
        };
      }
      headers.set(header.runId, structuredClone(header));
      if (idempotency !== undefined) {
        keys.set(idempotency.key, {
          runId: header.runId,
          requestFingerprint: idempotency.requestFingerprint,
        });
      }
      return { header, created: true };
    },
    async getRun(runId) {
      const header = headers.get(runId);
      return header ? structuredClone(header) : undefined;
    },
    async updateRun(runId, change) {
      const header = headers.get(runId);
      if (!header) return undefined;
      const next = change(structuredClone(header));
      headers.set(runId, next);
      return next;
    },
    async saveItem(runId, item) {
      const list = (items.get(runId) ?? []).filter((i) => i.productId !== item.productId);
      items.set(runId, [...list, item]);
    },
    async updateRunContext(runId, patch) {
      contexts.set(runId, { ...contexts.get(runId), ...patch });
    },
    async getRunContext(runId) {
      return contexts.get(runId) ?? {};
    },
    async listItems(runId) {
      return items.get(runId) ?? [];
    },
    async listRuns({ limit, awaiting }) {
      const runs = [...headers.values()]
        .filter((header) => awaiting !== "decisions" || openDecisionCount(header) > 0)
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .slice(0, limit)
        .map((header) => ({
          runId: header.runId,
          status: header.status,
          startedAt: header.startedAt,
          ...(header.endedAt ? { endedAt: header.endedAt } : {}),
          openDecisions: openDecisionCount(header),
          ...(header.result ? { degraded: header.result.degraded } : {}),
          ...(header.error ? { error: header.error } : {}),
        }));
      return { runs };
    },
    async getPreferences() {
      return preferences;
    },
    async savePreferences(next) {
      preferences = next;
    },
  };
};
