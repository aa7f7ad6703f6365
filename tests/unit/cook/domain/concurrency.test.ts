import { describe, expect, it } from "vitest";
import {
  clearVariant,
  createVariantFromOps,
  getSnapshot,
  MAX_SAVE_ATTEMPTS,
  type PlannedMeal,
  RETRY_PAUSE_BASE_MS,
  RETRY_PAUSE_MAX_MS,
} from "../../../../functions/cook/domain";
import { retryPauseMilliseconds } from "../../../../functions/cook/domain/snapshots/update-meal-with-retry";
import { ConflictError } from "../../../../functions/core/errors";
import {
  createPlannedDeps,
  DINNER,
  LUNCH,
  REPLACE_CHICKEN_WITH_TOFU,
  SNAPSHOT_ID,
} from "../../../support/cook/plan";
import { RecordingRetryTiming } from "../../../support/cook/recording-retry-timing";

describe("concurrent meal edits", () => {
  it("never loses an edit: the loser of a race re-reads, re-merges and re-applies", async () => {
    let interleaved = false;
    const deps = await createPlannedDeps({
      plans: {
        // The first save of the tofu request finds that another request added lime in the meantime.
        beforeSaveMeal: async () => {
          if (interleaved) return;
          interleaved = true;
          await createVariantFromOps(deps, {
            ...DINNER,
            ops: [{ op: "add_ingredient", new_ingredient: "1 lime" }],
          });
        },
      },
    });
    const { variant } = await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    expect(variant?.patch_ops.map((op) => op.op).sort()).toEqual(["add_ingredient", "replace_ingredient"]);
    expect(variant?.compiled_recipe.ingredients_raw[0]).toBe("400 g firm tofu");
    expect(variant?.compiled_recipe.ingredients_raw.at(-1)).toBe("1 lime");
    expect(deps.logger.records.some((r) => r.level === "warn" && r.message.includes("retrying"))).toBe(true);
    expect(deps.retryTiming.pauses).toHaveLength(1);
  });

  it("gives up with a 409 after a bounded number of lost races", async () => {
    let saves = 0;
    const deps = await createPlannedDeps();
    deps.plans.saveMeal = async () => {
      saves += 1;
      throw new ConflictError("stale version");
    };
    await expect(
      createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(saves).toBe(MAX_SAVE_ATTEMPTS);
  });

  it("waits a jittered pause after each lost race, before re-reading, and none after the last", async () => {
    const deps = await createPlannedDeps();
    const events: string[] = [];
    const getMeal = deps.plans.getMeal.bind(deps.plans);
    deps.plans.getMeal = async (...args) => {
      events.push("read");
      return getMeal(...args);
    };
    deps.plans.saveMeal = async () => {
      events.push("save");
      throw new ConflictError("stale version");
    };
    deps.retryTiming = new RecordingRetryTiming([0.9]);
    const sleep = deps.retryTiming.sleep.bind(deps.retryTiming);
    deps.retryTiming.sleep = async (milliseconds) => {
      events.push("pause");
      return sleep(milliseconds);
    };

    await expect(
      createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] }),
    ).rejects.toBeInstanceOf(ConflictError);

    const attempt = ["read", "save"];
    expect(events).toEqual([...attempt, "pause", ...attempt, "pause", ...attempt, "pause", ...attempt]);
    expect(deps.retryTiming.pauses).toHaveLength(MAX_SAVE_ATTEMPTS - 1);
    // The ceiling doubles with each lost race, so the same draw waits longer each time.
    const pauses = deps.retryTiming.pauses;
    for (let i = 1; i < pauses.length; i += 1) expect(pauses[i]).toBeGreaterThan(pauses[i - 1] ?? 0);
    expect(
      deps.logger.records.filter((r) => r.message.includes("retrying")).map((r) => r.extra?.pause_ms),
    ).toEqual(pauses);
  });

  it("draws each pause at random below a ceiling that grows and is capped", () => {
    for (let lostRaces = 1; lostRaces <= 10; lostRaces += 1) {
      const ceiling = Math.min(RETRY_PAUSE_MAX_MS, RETRY_PAUSE_BASE_MS * 2 ** (lostRaces - 1));
      expect(retryPauseMilliseconds(lostRaces, 0)).toBe(0);
      expect(retryPauseMilliseconds(lostRaces, 0.999_999)).toBe(ceiling - 1);
      expect(retryPauseMilliseconds(lostRaces, 0.25)).toBeLessThan(retryPauseMilliseconds(lostRaces, 0.75));
    }
    expect(retryPauseMilliseconds(10, 0.999_999)).toBeLessThan(RETRY_PAUSE_MAX_MS);
  });

  it("does not pause when the first save wins, nor when clearing a variant wins", async () => {
    const deps = await createPlannedDeps();
    await createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] });
    await clearVariant(deps, DINNER);
    expect(deps.retryTiming.pauses).toEqual([]);
  });

  it("edits of different meals of one snapshot never conflict", async () => {
    const deps = await createPlannedDeps();
    await Promise.all([
      createVariantFromOps(deps, { ...DINNER, ops: [REPLACE_CHICKEN_WITH_TOFU] }),
      createVariantFromOps(deps, { ...LUNCH, ops: [{ op: "scale_servings", scale_factor: 2 }] }),
    ]);
    const snapshot = await getSnapshot(deps, SNAPSHOT_ID);
    expect(snapshot.planned_meals.filter((meal) => meal.modified)).toHaveLength(2);
    expect(deps.logger.records.filter((r) => r.message.includes("retrying"))).toEqual([]);
  });

  it("the in-memory repository refuses a stale version, as the real one must", async () => {
    const deps = await createPlannedDeps();
    const current = await deps.plans.getMeal(SNAPSHOT_ID, DINNER.date, DINNER.meal_type);
    if (!current) throw new Error("meal missing");
    const meal: PlannedMeal = { ...current.meal, recipe_id: "lentil-soup" };
    await deps.plans.saveMeal(SNAPSHOT_ID, meal, current.version);
    await expect(deps.plans.saveMeal(SNAPSHOT_ID, meal, current.version)).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});
