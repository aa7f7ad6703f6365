import { defaultHouseholdPreferences, type HouseholdPreferences } from "../household-preferences";
import type { ShopRunRepository } from "../ports/shop-run-repository";

/** The household's preferences, or the defaults when it never saved any. */
export const getShopPreferences = async (deps: { runs: ShopRunRepository }): Promise<HouseholdPreferences> =>
  (await deps.runs.getPreferences()) ?? defaultHouseholdPreferences();
