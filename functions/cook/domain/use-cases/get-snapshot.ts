import { parseOrThrow } from "../../../core/validation";
import { snapshotNotFound } from "../errors";
import { SnapshotIdSchema } from "../ids";
import type { CookDeps } from "../ports/cook-deps";
import type { SnapshotView } from "../snapshots/snapshot";
import { toSnapshotView } from "../snapshots/snapshot-view";

/** `GET /plans/{snapshot_id}`: the stored snapshot; compiled variants are returned as stored, never recomputed. */
export const getSnapshot = async (
  deps: Pick<CookDeps, "plans">,
  snapshotId: string,
): Promise<SnapshotView> => {
  const id = parseOrThrow(SnapshotIdSchema, snapshotId, "snapshot_id");
  const snapshot = await deps.plans.getSnapshot(id);
  if (!snapshot) throw snapshotNotFound(id);
  return toSnapshotView(snapshot);
};
