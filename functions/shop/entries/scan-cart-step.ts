import type { Context } from "aws-lambda";
import type { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { defaultHouseholdPreferences, policyFor } from "../domain/household-preferences";
import { type itemEventSchema, runKeysSchema } from "../domain/run-step-events";
import { withHouseholdStore } from "../wiring/step-store";
import { runRepositoryFor } from "../wiring/step-table";

type ItemEvent = z.infer<typeof itemEventSchema>;

/**
 * ScanCart: the household's cart, and for each unavailable line a Map item carrying its policy and the
 * household's substitution rules. Records how many items the run has, for progress.
 */
export const handler = async (
  event: unknown,
  context: Context,
): Promise<{ items: ItemEvent[]; itemsTotal: number; cartLines: number }> => {
  const keys = parseOrThrow(runKeysSchema, event, "ScanCart event");
  const runs = runRepositoryFor(keys.tenant);
  const preferences = (await runs.getPreferences()) ?? defaultHouseholdPreferences();
  const cart = await withHouseholdStore(keys.householdId, context, (store) => store.scanCart());
  const rules = {
    pinnedBrands: preferences.pinnedBrands,
    bannedBrands: preferences.bannedBrands,
    priceCapPercent: preferences.priceCapPercent,
  };
  const items = cart
    .filter((line) => !line.available)
    .map((item) => ({ ...keys, item, policy: policyFor(preferences, item.productId), rules }));
  await runs.updateRun(keys.runId, (header) => ({ ...header, itemsTotal: items.length }));
  return { items, itemsTotal: items.length, cartLines: cart.length };
};
