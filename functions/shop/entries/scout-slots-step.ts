import type { Context } from "aws-lambda";
import { parseOrThrow } from "../../core/validation";
import { runKeysSchema } from "../domain/runs/run-step-events";
import { scoutSlots } from "../domain/use-cases/scout-slots";
import { withHouseholdStore } from "../wiring/step-store";
import { runRepositoryFor } from "../wiring/step-table";

/** ScoutSlots: reads the delivery slots and recommends one. Never books a slot, never checks out. */
export const handler = async (event: unknown, context: Context) => {
  const { tenant, runId, householdId } = parseOrThrow(runKeysSchema, event, "ScoutSlots event");
  return scoutSlots(
    {
      runs: runRepositoryFor(tenant),
      withStore: (work) => withHouseholdStore({ householdId, tenant }, context, work),
    },
    { runId },
  );
};
