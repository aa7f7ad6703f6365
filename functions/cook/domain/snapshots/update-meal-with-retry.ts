import { ConflictError, NotFoundError } from "../../../core/errors";
import type { CookDeps } from "../ports/cook-deps";
import type { SnapshotRepository, VersionedMeal } from "../ports/snapshot-repository";
import type { VariantAddress } from "../variants/variant-id";
import { MAX_SAVE_ATTEMPTS, RETRY_PAUSE_BASE_MS, RETRY_PAUSE_MAX_MS } from "./meal-save-retry";
import type { PlannedMeal } from "./planned-meal";

/** The jittered pause before the retry that follows lost race number `lostRaces` (1, 2, …). */
export const retryPauseMilliseconds = (lostRaces: number, random: number): number =>
  Math.floor(random * Math.min(RETRY_PAUSE_MAX_MS, RETRY_PAUSE_BASE_MS * 2 ** (lostRaces - 1)));

/**
 * Read-modify-write of one planned meal under optimistic locking. `update` computes the new meal from the
 * current one (or returns null: nothing to write); on a ConflictError the meal is re-read and `update` runs
 * again on the newer state, so a concurrent edit is merged rather than lost. Between attempts it waits a
 * short random time (see RETRY_PAUSE_BASE_MS), so many writers of one meal take turns instead of colliding
 * on every re-read. After MAX_SAVE_ATTEMPTS lost races the ConflictError (409) reaches the caller.
 */
export const updateMealWithRetry = async (
  deps: Pick<CookDeps, "logger" | "retryTiming"> & { plans: SnapshotRepository },
  address: VariantAddress,
  update: (current: VersionedMeal) => Promise<PlannedMeal | null>,
): Promise<PlannedMeal> => {
  for (let attempt = 1; ; attempt += 1) {
    const current = await deps.plans.getMeal(address.snapshot_id, address.date, address.meal_type);
    if (!current) {
      throw new NotFoundError(
        `No ${address.meal_type} planned on ${address.date} in snapshot ${address.snapshot_id}`,
      );
    }
    const next = await update(current);
    if (next === null) return current.meal;
    try {
      await deps.plans.saveMeal(address.snapshot_id, next, current.version);
      return next;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= MAX_SAVE_ATTEMPTS) throw error;
      const pause_ms = retryPauseMilliseconds(attempt, deps.retryTiming.random());
      deps.logger.warn("meal changed while being edited; retrying on the newer version", {
        ...address,
        attempt,
        pause_ms,
      });
      await deps.retryTiming.sleep(pause_ms);
    }
  }
};
