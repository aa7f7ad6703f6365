import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createDynamoSnapshotRepository } from "../../../../functions/cook/adapters/dynamo-snapshot-repository";
import {
  COOK_LIMITS,
  formatVariantId,
  type MealType,
  type PlannedMeal,
  type RecipeVariant,
  type Snapshot,
  type SnapshotRepository,
} from "../../../../functions/cook/domain";
import { StoredItemInvalidError, type TenantTable } from "../../../../functions/core/db/tenant-table";
import { ConflictError, NotFoundError } from "../../../../functions/core/errors";
import { mapErrorToHttp } from "../../../../functions/core/http/error-response";
import { useTestAppTable } from "../../../support/table";

const appTable = useTestAppTable();

const plansOf = (tenant: string): SnapshotRepository =>
  createDynamoSnapshotRepository(appTable.forTenant(tenant));

let snapshotCounter = 0;
/** A snapshot id no other test uses, so tests never see each other's items. */
const freshSnapshotId = (): string => {
  snapshotCounter += 1;
  return `snap_${snapshotCounter}`;
};

const snapshotOf = (snapshotId: string, meals: PlannedMeal[]): Snapshot => ({
  snapshot_id: snapshotId,
  created_at: "2025-12-27T10:00:00.000Z",
  planned_meals: meals,
});

const MEAL_TYPES: readonly MealType[] = ["breakfast", "lunch", "dinner", "snack"];

/** Every meal type on `days` consecutive days from 2025-01-01: 4 × days meals. */
const mealsOverDays = (days: number): PlannedMeal[] =>
  Array.from({ length: days }, (_, day) =>
    new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10),
  ).flatMap((date) =>
    MEAL_TYPES.map((meal_type) => ({ date, meal_type, recipe_id: `recipe-${date}-${meal_type}` })),
  );

const variantFor = (snapshotId: string, meal: PlannedMeal, newIngredient: string): RecipeVariant => ({
  variant_id: formatVariantId({ snapshot_id: snapshotId, date: meal.date, meal_type: meal.meal_type }),
  base_recipe_id: meal.recipe_id,
  patch_ops: [
    {
      op: "replace_ingredient",
      target_index: 0,
      target_name: "chicken",
      replacement: { name: newIngredient, quantity: "400 g" },
      acknowledged: false,
      reason: "user_request",
    },
  ],
  compiled_recipe: {
    id: formatVariantId({ snapshot_id: snapshotId, date: meal.date, meal_type: meal.meal_type }),
    name: "Chicken Stir Fry (modified)",
    ingredients_raw: [`400 g ${newIngredient}`, "2 cups white rice"],
    steps: ["Stir-fry, then serve over the rice."],
  },
  warnings: ["Press the tofu dry so it browns."],
  compiled_at: "2025-12-27T11:00:00.000Z",
  compiler_version: "v0",
});

const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it succeeded");
};

const friday: PlannedMeal = { date: "2025-01-03", meal_type: "dinner", recipe_id: "123456" };
const fridayLunch: PlannedMeal = { date: "2025-01-03", meal_type: "lunch", recipe_id: "lentil-soup" };
const thursdaySnack: PlannedMeal = { date: "2025-01-02", meal_type: "snack", recipe_id: "garlic-bread" };
const saturdayBundle: PlannedMeal = {
  date: "2025-01-04",
  meal_type: "breakfast",
  recipe_id: "123456",
  components: [{ role: "side", recipe_id: "greek-salad" }],
};

describe("DynamoSnapshotRepository: snapshots", () => {
  it("reads back a created snapshot with its meals by date, then breakfast, lunch, dinner, snack", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [saturdayBundle, friday, thursdaySnack, fridayLunch]));

    expect(await plans.getSnapshot(id)).toEqual(
      snapshotOf(id, [thursdaySnack, fridayLunch, friday, saturdayBundle]),
    );
  });

  it("answers null for a snapshot that does not exist", async () => {
    expect(await plansOf("alice").getSnapshot(freshSnapshotId())).toBeNull();
  });

  it("refuses a taken snapshot id with a 409 and writes none of the second snapshot's meals", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday]));

    const error = await rejectionOf(plans.createSnapshot(snapshotOf(id, [fridayLunch, thursdaySnack])));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe("snapshot_exists");
    expect(mapErrorToHttp(error).status).toBe(409);
    expect(await plans.getSnapshot(id)).toEqual(snapshotOf(id, [friday]));
    expect(await plans.getMeal(id, fridayLunch.date, fridayLunch.meal_type)).toBeNull();
    expect(await plans.getMeal(id, thursdaySnack.date, thursdaySnack.meal_type)).toBeNull();
  });

  it("stores a plan larger than one transaction (4 weeks, 4 meals a day) and reads it back whole", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    const meals = mealsOverDays(28);
    await plans.createSnapshot(snapshotOf(id, meals));

    const stored = await plans.getSnapshot(id);
    expect(stored?.planned_meals).toHaveLength(112);
    expect(stored).toEqual(snapshotOf(id, meals));
    const last = meals[meals.length - 1];
    if (!last) throw new Error("the plan has meals");
    expect((await plans.getMeal(id, last.date, last.meal_type))?.version).toBe(1);
  });

  it("refuses a taken id for a plan larger than one transaction and writes none of its meals", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday]));
    const large = mealsOverDays(COOK_LIMITS.plannedMealsPerSnapshot / 4);

    expect(await rejectionOf(plans.createSnapshot(snapshotOf(id, large)))).toBeInstanceOf(ConflictError);
    expect(await plans.getSnapshot(id)).toEqual(snapshotOf(id, [friday]));
    const lastLarge = large[large.length - 1];
    if (!lastLarge) throw new Error("the plan has meals");
    expect(await plans.getMeal(id, lastLarge.date, lastLarge.meal_type)).toBeNull();
  });

  it("removes what it wrote when a large plan fails after its first transaction, and the id stays free", async () => {
    const table = appTable.forTenant("alice");
    // A table whose second transaction fails, as a throttled or cancelled one would.
    const failing = Object.create(table) as TenantTable;
    let transactions = 0;
    failing.transactWrite = async (operations) => {
      transactions += 1;
      if (transactions === 2) throw new Error("transaction failed");
      return table.transactWrite(operations);
    };
    const id = freshSnapshotId();
    const meals = mealsOverDays(28);
    const first = meals[0];
    if (!first) throw new Error("the plan has meals");

    const error = await rejectionOf(
      createDynamoSnapshotRepository(failing).createSnapshot(snapshotOf(id, meals)),
    );
    expect(error).toEqual(new Error("transaction failed"));
    const plans = createDynamoSnapshotRepository(table);
    expect(await plans.getSnapshot(id)).toBeNull();
    expect(await plans.getMeal(id, first.date, first.meal_type)).toBeNull();

    await plans.createSnapshot(snapshotOf(id, meals));
    expect(await plans.getSnapshot(id)).toEqual(snapshotOf(id, meals));
  });

  it("hides the meals of a snapshot that is not complete, whose create failed and could not clean up", async () => {
    const table = appTable.forTenant("alice");
    // The second transaction fails and so does every cleanup delete: the first 99 meals stay behind.
    const failing = Object.create(table) as TenantTable;
    let transactions = 0;
    failing.transactWrite = async (operations) => {
      transactions += 1;
      if (transactions === 2) throw new Error("transaction failed");
      return table.transactWrite(operations);
    };
    failing.delete = async () => {
      throw new Error("delete failed");
    };
    const id = freshSnapshotId();
    const meals = mealsOverDays(28);
    const first = meals[0];
    if (!first) throw new Error("the plan has meals");

    await rejectionOf(createDynamoSnapshotRepository(failing).createSnapshot(snapshotOf(id, meals)));
    const plans = createDynamoSnapshotRepository(table);
    expect(
      await table.get({ pk: ["PLAN", id], sk: ["MEAL", first.date, first.meal_type] }, z.unknown()),
    ).not.toBeNull();
    expect(await plans.getSnapshot(id)).toBeNull();
    expect(await plans.getMeal(id, first.date, first.meal_type)).toBeNull();
  });

  it("keeps tenants apart: the same snapshot id is a different snapshot for another tenant", async () => {
    const id = freshSnapshotId();
    await plansOf("alice").createSnapshot(snapshotOf(id, [friday]));

    expect(await plansOf("bob").getSnapshot(id)).toBeNull();
    expect(await plansOf("bob").getMeal(id, friday.date, friday.meal_type)).toBeNull();
    expect(await rejectionOf(plansOf("bob").saveMeal(id, friday, 1))).toBeInstanceOf(NotFoundError);

    await plansOf("bob").createSnapshot(snapshotOf(id, [fridayLunch]));
    expect(await plansOf("bob").getSnapshot(id)).toEqual(snapshotOf(id, [fridayLunch]));
    expect(await plansOf("alice").getSnapshot(id)).toEqual(snapshotOf(id, [friday]));
  });

  it("refuses a stored meal that no longer fits the domain's schema instead of passing it on", async () => {
    const table = appTable.forTenant("alice");
    const id = freshSnapshotId();
    await createDynamoSnapshotRepository(table).createSnapshot(snapshotOf(id, [friday]));
    await table.put(
      { pk: ["PLAN", id], sk: ["MEAL", friday.date, friday.meal_type] },
      { ...friday, meal_type: "brunch" },
      { expectedVersion: 1 },
    );

    const plans = createDynamoSnapshotRepository(table);
    expect(await rejectionOf(plans.getSnapshot(id))).toBeInstanceOf(StoredItemInvalidError);
    expect(await rejectionOf(plans.getMeal(id, friday.date, friday.meal_type))).toBeInstanceOf(
      StoredItemInvalidError,
    );
  });
});

describe("DynamoSnapshotRepository: meals", () => {
  it("starts every meal at version 1 and bumps it on each save, keeping the saved variant", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday, fridayLunch]));
    expect(await plans.getMeal(id, friday.date, friday.meal_type)).toEqual({ meal: friday, version: 1 });

    const modified = { ...friday, variant: variantFor(id, friday, "firm tofu") };
    expect(await plans.saveMeal(id, modified, 1)).toBe(2);
    expect(await plans.getMeal(id, friday.date, friday.meal_type)).toEqual({ meal: modified, version: 2 });
    expect(await plans.getSnapshot(id)).toEqual(snapshotOf(id, [fridayLunch, modified]));

    const cleared = { ...friday };
    expect(await plans.saveMeal(id, cleared, 2)).toBe(3);
    expect(await plans.getMeal(id, friday.date, friday.meal_type)).toEqual({ meal: cleared, version: 3 });
  });

  it("refuses a save from a stale version with a stale_write 409 and keeps the newer meal", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday]));
    const first = { ...friday, variant: variantFor(id, friday, "firm tofu") };
    await plans.saveMeal(id, first, 1);

    const error = await rejectionOf(
      plans.saveMeal(id, { ...friday, variant: variantFor(id, friday, "seitan") }, 1),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe("stale_write");
    expect(mapErrorToHttp(error).status).toBe(409);
    expect(await plans.getMeal(id, friday.date, friday.meal_type)).toEqual({ meal: first, version: 2 });
  });

  it("lets exactly one of two concurrent saves of the same meal from the same version win", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday]));
    const edits = ["firm tofu", "seitan"].map((name) => ({
      ...friday,
      variant: variantFor(id, friday, name),
    }));

    const outcomes = await Promise.allSettled(edits.map((meal) => plans.saveMeal(id, meal, 1)));
    const won = outcomes.flatMap((o, index) => (o.status === "fulfilled" ? [edits[index]] : []));
    const lost = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(ConflictError);
    expect(await plans.getMeal(id, friday.date, friday.meal_type)).toEqual({ meal: won[0], version: 2 });
  });

  it("saves two different meals of one snapshot concurrently without a conflict", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday, saturdayBundle]));
    const dinner = { ...friday, variant: variantFor(id, friday, "firm tofu") };
    const breakfast = { ...saturdayBundle, variant: variantFor(id, saturdayBundle, "seitan") };

    expect(await Promise.all([plans.saveMeal(id, dinner, 1), plans.saveMeal(id, breakfast, 1)])).toEqual([
      2, 2,
    ]);
    expect(await plans.getSnapshot(id)).toEqual(snapshotOf(id, [dinner, breakfast]));
  });

  it("answers null for a meal the snapshot does not plan, and NotFoundError when saving one", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday]));

    expect(await plans.getMeal(id, friday.date, "breakfast")).toBeNull();
    expect(await plans.getMeal(freshSnapshotId(), friday.date, friday.meal_type)).toBeNull();
    const error = await rejectionOf(plans.saveMeal(id, { ...friday, meal_type: "breakfast" }, 1));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(mapErrorToHttp(error).status).toBe(404);
  });

  it("stores a meal whose compiled variant is as large as the limits allow in its own item", async () => {
    const plans = plansOf("alice");
    const id = freshSnapshotId();
    await plans.createSnapshot(snapshotOf(id, [friday, fridayLunch]));
    const variant = variantFor(id, friday, "firm tofu");
    const largest: PlannedMeal = {
      ...friday,
      variant: {
        ...variant,
        compiled_recipe: {
          ...variant.compiled_recipe,
          ingredients_raw: Array.from(
            { length: COOK_LIMITS.ingredientsPerRecipe + COOK_LIMITS.opsPerVariant },
            (_, i) => `${i} ${"x".repeat(COOK_LIMITS.ingredientLineLength * 2 - 5)}`,
          ),
          steps: Array.from({ length: COOK_LIMITS.stepsPerRecipe }, () => "s".repeat(COOK_LIMITS.stepLength)),
        },
      },
    };

    expect(await plans.saveMeal(id, largest, 1)).toBe(2);
    expect(await plans.getSnapshot(id)).toEqual(snapshotOf(id, [fridayLunch, largest]));
  });
});
