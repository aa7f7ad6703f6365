import { defaultHouseholdPreferences } from "../household-preferences";
import type { ShopRunRepository } from "../ports/shop-run-repository";
import type { StorePort } from "../ports/store-port";
import { recommendSlot, type SlotRecommendation } from "../slots/slot-scout";
import type { CoordinatorSlot } from "../store-shapes";

/**
 * ScoutSlots: reads the delivery slots and recommends one, by the preferences ScanCart kept with the run.
 * Never books a slot, never checks out.
 */
export const scoutSlotsStep = async (
  deps: {
    runs: Pick<ShopRunRepository, "getRunContext">;
    withStore: <T>(work: (store: StorePort) => Promise<T>) => Promise<T>;
  },
  args: { runId: string },
): Promise<{ slots: CoordinatorSlot[]; recommendation: SlotRecommendation }> => {
  const preferences =
    (await deps.runs.getRunContext(args.runId)).preferences ?? defaultHouseholdPreferences();
  const slots = await deps.withStore((store) => store.listDeliverySlots());
  return { slots, recommendation: recommendSlot(slots, preferences.slots) };
};
