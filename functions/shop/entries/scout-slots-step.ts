import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { defaultHouseholdPreferences } from "../domain/household-preferences";
import { runKeysSchema } from "../domain/run-step-events";
import { recommendSlot } from "../domain/slot-scout";
import { withHouseholdStore } from "../wiring/step-store";
import { runRepositoryFor } from "../wiring/step-table";

/** ScoutSlots: reads the delivery slots and recommends one. Never books a slot, never checks out. */
export const handler = async (event: unknown, context: Context) => {
  const { tenant, householdId } = parseOrThrow(runKeysSchema, event, "ScoutSlots event");
  const preferences = (await runRepositoryFor(tenant).getPreferences()) ?? defaultHouseholdPreferences();
  const slots = await withHouseholdStore(householdId, context, (store) => store.listDeliverySlots());
  return { slots, recommendation: recommendSlot(slots, preferences.slots) };
};
