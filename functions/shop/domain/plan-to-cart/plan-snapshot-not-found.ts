import { NotFoundError } from "../../../core/errors";

/**
 * The one `plan_snapshot_not_found` of the shop area: a run names a meal-plan snapshot the tenant does not
 * have. (The cook area raises its own with the same code for its routes; shop reaches cook only through
 * PlanShoppingListPort, so it keeps this factory rather than import cook's domain.)
 */
export const PLAN_SNAPSHOT_NOT_FOUND = "plan_snapshot_not_found";

export const planSnapshotNotFound = (snapshotId: string, field?: string): NotFoundError =>
  new NotFoundError(`No meal plan snapshot ${snapshotId}`, {
    code: PLAN_SNAPSHOT_NOT_FOUND,
    details: { ...(field ? { field } : {}), plan_snapshot_id: snapshotId },
  });
