import type { Context } from "aws-lambda";
import { z } from "zod";
import { parseOrThrow } from "../../core/validation";
import { runKeysSchema } from "../domain/runs/run-step-events";
import { type BuildCartOutcome, buildCart } from "../domain/use-cases/build-cart";
import { stepLogger } from "../wiring/step-logger";
import { withHouseholdStore } from "../wiring/step-store";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = runKeysSchema.extend({ planSnapshotId: z.string().nullable().optional() });

/** BuildCart: recurring past-order items and, for a plan run, the plan's shopping list, into the cart. */
export const handler = async (event: unknown, context: Context): Promise<BuildCartOutcome> => {
  const { tenant, householdId, runId, planSnapshotId } = parseOrThrow(eventSchema, event, "BuildCart event");
  return buildCart(
    {
      // The cook area's use case on the tenant's data: loaded only for a plan run.
      runs: runRepositoryFor(tenant),
      plans: async () => (await import("../wiring/step-plan-shopping-list")).planShoppingListFor(tenant),
      withStore: (work) => withHouseholdStore({ householdId, tenant }, context, work),
      logger: stepLogger,
      now: () => new Date(),
    },
    { runId, planSnapshotId },
  );
};
