import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoRecipeRepository } from "../../../functions/cook/adapters/dynamo-recipe-repository";
import { createDynamoSnapshotRepository } from "../../../functions/cook/adapters/dynamo-snapshot-repository";
import { productNamed } from "../../support/shop/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * A run with a meal plan (plan_snapshot_id): the real ASL in the local runner, the cook area's plan and
 * recipes in DynamoDB Local under the run's tenant, the simulated store in Chromium. Offline.
 */
let harness: CoordinatorHarness;
beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none" });
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
});

const TENANT = "tenant-plan";
const VARIANT_ID = "variant:plan-week:2026-01-05:dinner";

const seedPlan = async (tenant: string): Promise<void> => {
  const table = harness.table.forTenant(tenant);
  await createDynamoRecipeRepository(table).putRecipe({
    recipe_id: "bacalhau-bras",
    name: "Bacalhau à Brás",
    servings: 4,
    ingredients_raw: ["400 g de bacalhau", "6 ovos", "2 cebolas"],
    steps: ["Misture tudo."],
  });
  await createDynamoRecipeRepository(table).putRecipe({
    recipe_id: "salad",
    name: "Salad",
    servings: 2,
    ingredients_raw: ["1 lemon", "2 tbsp olive oil"],
    steps: ["Toss."],
  });
  await createDynamoSnapshotRepository(table).createSnapshot({
    snapshot_id: "plan-week",
    created_at: "2026-01-01T00:00:00.000Z",
    planned_meals: [
      {
        date: "2026-01-05",
        meal_type: "dinner",
        recipe_id: "bacalhau-bras",
        components: [{ role: "side", recipe_id: "salad" }],
        // The meal was modified: no eggs. The list (and so the cart) follows the variant, not the base.
        variant: {
          variant_id: VARIANT_ID,
          base_recipe_id: "bacalhau-bras",
          patch_ops: [],
          compiled_recipe: {
            id: VARIANT_ID,
            name: "Bacalhau à Brás sem ovo",
            ingredients_raw: ["400 g de bacalhau", "2 cebolas"],
            steps: ["Misture tudo."],
          },
          warnings: [],
          compiled_at: "2026-01-01T00:00:00.000Z",
          compiler_version: "v0",
        },
      },
    ],
  });
};

describe("the shop-coordinator workflow with a meal plan", () => {
  it(
    "merges the plan's shopping list (variant included) into the store cart, each line with its meals",
    async () => {
      await seedPlan(TENANT);
      const householdId = "household-plan";
      harness.store.seedHousehold(householdId, { cart: [] });
      const { header, execution } = await harness.run(
        TENANT,
        householdId,
        { skipPrune: true, skipSlots: true },
        "plan-week",
      );
      expect(execution.status).toBe("SUCCEEDED");
      const result = header.result;
      if (!result) throw new Error("no result");
      const planLines = result.cartAdditions.filter((line) => line.why === "plan_ingredient");
      const bacalhau = planLines.find((line) => line.name.startsWith("bacalhau"));
      expect(bacalhau?.meals).toEqual([{ date: "2026-01-05", meal_type: "dinner", recipe_id: VARIANT_ID }]);
      expect(bacalhau?.reason).toContain("Ingrediente do plano (bacalhau: 400 g)");
      // "2 cebolas" is a plain count of an onion sold by weight: never 2 kg, but 1, saying why.
      const onion = planLines.find((line) => line.name.startsWith("cebola"));
      expect(onion?.quantity).toBe(1);
      expect(onion?.reason).toMatch(/; 2 unidades não se convertem em .*: 1 embalagem\.$/);
      expect(
        harness.store.householdState(householdId).cart.find((line) => line.productId === onion?.productId)
          ?.quantity,
      ).toBe(1);
      // The English side dish: olive oil found by its shelf word, with the component's meal.
      const oil = planLines.find((line) => line.name.startsWith("azeite"));
      expect(oil?.meals).toEqual([{ date: "2026-01-05", meal_type: "dinner", recipe_id: "salad" }]);
      // Not in the variant: never searched for, never added.
      expect(planLines.some((line) => line.name.startsWith("ovos"))).toBe(false);
      // The store has no lemon (only lemon drinks): reported, not guessed.
      expect(result.planIngredientsNotAdded).toContainEqual({
        ingredient: "lemon: 1",
        reason: 'Sem produto na loja para "limão".',
      });
      // Visible in the store's own cart.
      const cartIds = harness.store.householdState(householdId).cart.map((line) => line.productId);
      for (const line of planLines) expect(cartIds).toContain(line.productId);
      expect(cartIds).toContain(productNamed(bacalhau?.name ?? "").productId);
    },
    scaledTimeout(120_000),
  );

  it(
    "adds only what the cart lacks, respects a weight-sold product's minimum, and counts no unavailable or pruned line",
    async () => {
      const tenant = "tenant-plan-lacks";
      const table = harness.table.forTenant(tenant);
      await createDynamoRecipeRepository(table).putRecipe({
        recipe_id: "semana",
        name: "Semana",
        servings: 4,
        ingredients_raw: ["2 l de leite", "100 g de carapau", "500 g de arroz", "300 g de iogurte grego"],
        steps: ["Cozinhe."],
      });
      await createDynamoSnapshotRepository(table).createSnapshot({
        snapshot_id: "plan-lacks",
        created_at: "2026-01-01T00:00:00.000Z",
        planned_meals: [{ date: "2026-01-05", meal_type: "dinner", recipe_id: "semana" }],
      });
      const milk = productNamed("leite auchan uht meio gordo slim 1l");
      const rice = productNamed("arroz carolino auchan 1kg");
      const yogurt = productNamed("iogurte grego natural auchan 4x115g");
      const householdId = "household-plan-lacks";
      const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
      harness.store.seedHousehold(householdId, {
        cart: [
          { productId: milk.productId, quantity: 1 },
          { productId: rice.productId, quantity: 1 },
          { productId: yogurt.productId, quantity: 1 },
        ],
        orders: [{ placedOn: tenDaysAgo, lines: [{ productId: rice.productId, quantity: 1 }] }],
      });
      const { header, execution } = await harness.run(tenant, householdId, { skipSlots: true }, "plan-lacks");
      expect(execution.status).toBe("SUCCEEDED");
      const result = header.result;
      if (!result) throw new Error("no result");
      expect(result.pruned.map((p) => p.productId)).toContain(rice.productId);
      const planLines = result.cartAdditions.filter((line) => line.why === "plan_ingredient");
      const byIngredient = (prefix: string) => planLines.find((line) => line.ingredient?.startsWith(prefix));
      // 2 l needed, 1 l in the cart: 1 l more, in 1 l packs, and the line says so.
      const moreMilk = byIngredient("leite");
      expect(moreMilk?.quantity).toBe(1);
      expect(moreMilk?.reason).toContain("(1 l, o plano pede 2 l): falta 1 l");
      // 100 g of a fish sold by weight from 300 g in 100 g steps: 0,3 kg, in the store's cart too.
      const fish = byIngredient("carapau");
      expect(fish?.quantity).toBe(0.3);
      expect(fish?.reason).toContain("o mínimo que a loja vende");
      const cart = harness.store.householdState(householdId).cart;
      expect(cart.find((line) => line.productId === fish?.productId)?.quantity).toBe(0.3);
      // The rice in the cart is proposed for pruning, the yoghurt is unavailable: neither covers.
      expect(byIngredient("arroz")?.reason).toContain("esta execução propõe retirá-lo");
      expect(byIngredient("iogurte")?.reason).toContain("está no carrinho mas indisponível");
      expect(result.planIngredientsNotAdded ?? []).not.toContainEqual(
        expect.objectContaining({ ingredient: expect.stringMatching(/^(arroz|iogurte)/) }),
      );
    },
    scaledTimeout(180_000),
  );

  it(
    "fails the run naming the plan when the snapshot is not the tenant's",
    async () => {
      // plan-week is tenant-plan's: another tenant's run cannot read it.
      const { header, execution } = await harness.run(
        "tenant-plan-other",
        "household-plan-other",
        { skipPrune: true, skipSlots: true },
        "plan-week",
      );
      expect(execution.status).toBe("FAILED");
      expect(header.status).toBe("failed");
      expect(header.error?.message).toContain("No meal plan snapshot plan-week");
      expect(harness.store.householdState("household-plan-other").cart).toEqual([]);
    },
    scaledTimeout(120_000),
  );
});
