import { NotFoundError } from "../../core/errors";

/*
 * Cook owns its snapshots, so it owns the errors that say one is missing. Two shapes exist because two
 * callers already answer differently (behaviour kept as it was).
 */

/** The cook API's 404 for a snapshot the tenant does not have (`GET /plans/{id}`, shopping list, chat). */
export const snapshotNotFound = (snapshotId: string): NotFoundError =>
  new NotFoundError(`Snapshot ${snapshotId} not found`);

/**
 * The 404 another area gives when a request names a meal plan snapshot the tenant does not have (the shop
 * run's `plan_snapshot_id`): code `plan_snapshot_not_found`, the id in its details, and whatever else
 * the caller's contract adds (such as the request `field`).
 */
export const planSnapshotNotFound = (
  snapshotId: string,
  extraDetails: Record<string, unknown> = {},
): NotFoundError =>
  new NotFoundError(`No meal plan snapshot ${snapshotId}`, {
    code: "plan_snapshot_not_found",
    details: { ...extraDetails, plan_snapshot_id: snapshotId },
  });
