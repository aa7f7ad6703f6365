import type { HouseholdPreferences } from "../household-preferences";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { WeeklyRunIndex } from "../ports/weekly-run-index";
import { sameSlot } from "../runs/weekly-slot";

/**
 * Replaces the household's preferences and keeps the weekly-run index in step: the new slot is indexed
 * before the preferences are written and the old one dropped after, so a failure in between leaves at
 * worst a stale index entry, which the hourly tick checks against the preferences and drops; never a
 * schedule the index misses.
 */
export const saveShopPreferences = async (
  deps: { runs: ShopRunRepository; weeklyRuns: WeeklyRunIndex },
  tenant: string,
  preferences: HouseholdPreferences,
): Promise<HouseholdPreferences> => {
  const previous = (await deps.runs.getPreferences())?.weeklyRun;
  const next = preferences.weeklyRun;
  const moved = !sameSlot(previous, next);
  if (next && moved) await deps.weeklyRuns.put(tenant, next);
  await deps.runs.savePreferences(preferences);
  if (previous && moved) await deps.weeklyRuns.remove(tenant, previous);
  return preferences;
};
