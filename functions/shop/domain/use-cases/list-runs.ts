import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { RunListEntry } from "../runs/shop-run";

/** The tenant's runs (or only those awaiting decisions), newest first, a page at a time. */
export const listShopRuns = async (
  deps: { runs: ShopRunRepository },
  args: { limit: number; cursor?: string; awaiting?: "decisions" },
): Promise<{ runs: RunListEntry[]; nextCursor?: string }> => {
  const page = await deps.runs.listRuns(args);
  return { runs: page.runs, ...(page.cursor ? { nextCursor: page.cursor } : {}) };
};
