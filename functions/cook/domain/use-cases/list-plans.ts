import type { CookDeps } from "../ports/cook-deps";
import type { SnapshotListEntry } from "../ports/snapshot-repository";

/** `GET /plans`: the tenant's meal-plan snapshots, newest created first, a page at a time. */
export const listPlans = async (
  deps: Pick<CookDeps, "plans">,
  args: { limit: number; cursor?: string },
): Promise<{ plans: SnapshotListEntry[]; nextCursor?: string }> => {
  const page = await deps.plans.listSnapshots(args);
  return { plans: page.plans, ...(page.cursor ? { nextCursor: page.cursor } : {}) };
};
