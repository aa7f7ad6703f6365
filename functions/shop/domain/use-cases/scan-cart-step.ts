import type { LoggerPort } from "../../../core/logger-port";
import { defaultHouseholdPreferences, policyFor } from "../household-preferences";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { StorePort } from "../ports/store-port";
import type { SubstitutionChoiceRepository } from "../ports/substitution-choice-repository";
import type { ItemEvent } from "../runs/run-step-events";

/**
 * ScanCart: the household's cart, and for each unavailable line a Map item carrying its policy and the
 * household's substitution rules. Records how many items the run has, for progress, and keeps the cart and
 * the preferences with the run.
 */
export const scanCartStep = async (
  deps: {
    runs: ShopRunRepository;
    store: Pick<StorePort, "scanCart">;
    /** The household's remembered choices: each unavailable item carries its own. */
    choices?: Pick<SubstitutionChoiceRepository, "forOriginals">;
    logger?: LoggerPort;
  },
  keys: { tenant: string; runId: string; householdId: string },
): Promise<{ items: ItemEvent[]; itemsTotal: number; cartLines: number }> => {
  const preferences = (await deps.runs.getPreferences()) ?? defaultHouseholdPreferences();
  deps.logger?.info("Scanning cart for unavailable items", { runId: keys.runId });
  const cart = await deps.store.scanCart();
  const rules = {
    pinnedBrands: preferences.pinnedBrands,
    bannedBrands: preferences.bannedBrands,
    priceCapPercent: preferences.priceCapPercent,
  };
  const unavailable = cart.filter((line) => !line.available);
  const remembered = deps.choices
    ? await deps.choices.forOriginals(unavailable.map((line) => line.productId))
    : new Map();
  const items = unavailable.map((item) => {
    const choices = remembered.get(item.productId);
    return {
      ...keys,
      item,
      policy: policyFor(preferences, item.productId),
      rules: choices ? { ...rules, remembered: choices } : rules,
    };
  });
  deps.logger?.info("Found unavailable items", { runId: keys.runId, count: items.length });
  // Kept with the run: PruneStock reads this cart, ScoutSlots these preferences, not the store or table again.
  await deps.runs.updateRunContext(keys.runId, { cart, preferences });
  await deps.runs.updateRun(keys.runId, (header) => ({ ...header, itemsTotal: items.length }));
  return { items, itemsTotal: items.length, cartLines: cart.length };
};
