import { householdForTenant } from "../household-for-tenant";
import { planSnapshotNotFound } from "../plan-to-cart/plan-snapshot-not-found";
import type { PlanShoppingListPort } from "../ports/plan-shopping-list-port";
import type { StoreAccountAttempts } from "../ports/store-account-attempts";
import type { StoreAccountVault } from "../ports/store-account-vault";
import type { RunOptions } from "../runs/shop-run";
import { refuseRunPastSignInLimit } from "../store-account/sign-in-limit";
import { type StartRunWorkflowDeps, startRunWorkflow } from "./start-run-workflow";

/**
 * A tenant asks for a run (POST /shop/runs): the run drives the tenant's own household, and a run with a
 * meal plan starts only on a snapshot the tenant has (404 `plan_snapshot_not_found` otherwise, no run).
 * A run that would have to sign in after the tenant's sign-ins of the day are used is refused (429).
 */
export const requestShopRun = async (
  deps: StartRunWorkflowDeps & {
    plans: (tenant: string) => Pick<PlanShoppingListPort, "snapshotExists">;
    /** The tenant's store account and its sign-ins of the day, for the limit. */
    account: { vault: Pick<StoreAccountVault, "readRecord">; attempts: StoreAccountAttempts };
  },
  args: { tenant: string; options: RunOptions; planSnapshotId?: string; idempotencyKey?: string },
): Promise<{ runId: string; created: boolean }> => {
  const { planSnapshotId } = args;
  if (planSnapshotId !== undefined && !(await deps.plans(args.tenant).snapshotExists(planSnapshotId))) {
    throw planSnapshotNotFound(planSnapshotId, "plan_snapshot_id");
  }
  await refuseRunPastSignInLimit(deps.account, deps.now());
  return startRunWorkflow(deps, { ...args, householdId: householdForTenant(args.tenant) });
};
