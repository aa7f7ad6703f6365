import { describe, expect, it } from "vitest";
import { getShoppingList } from "../../../../functions/cook/domain/use-cases/get-shopping-list";
import {
  mergePlanIngredients,
  pickProduct,
  searchTermFor,
} from "../../../../functions/shop/domain/plan-to-cart/plan-cart-merge";
import { MAX_PACKS, packsForAmount } from "../../../../functions/shop/domain/plan-to-cart/plan-pack-count";
import type { PlanIngredient } from "../../../../functions/shop/domain/ports/plan-shopping-list-port";
import type { CoordinatorProduct } from "../../../../functions/shop/domain/store-shapes";
import { InMemoryRecipeRepository } from "../../../support/cook/in-memory-recipe-repository";
import { InMemorySnapshotRepository } from "../../../support/cook/in-memory-snapshot-repository";
import { createFakeStore } from "../../../support/shop/coordinator-fixtures";

const item = (productId: string, name: string): CoordinatorProduct => ({
  productId,
  name,
  price: 1,
  available: true,
  categoryPath: ["alimentação"],
});

const CATALOG = [
  item("azeite-1", "azeite virgem extra auchan 750ml"),
  item("cebola-1", "cebola kg"),
  item("sopa-1", "sopa de cebola knorr"),
  item("ice-tea", "ice tea limão lipton 1,5l"),
  item("frango-1", "peito de frango auchan kg"),
  item("bacalhau-1", "bacalhau graúdo auchan kg"),
];

const dinner = { date: "2026-01-05", meal_type: "dinner", recipe_id: "bolognese" };
const ingredient = (
  name: string,
  display: string,
  quantity: number | null = null,
  unit: string | null = null,
): PlanIngredient => ({ name, display, quantity, unit, meals: [dinner] });

describe("merging a meal plan's shopping list into the cart", () => {
  it("searches English names by their shelf words and Portuguese names as written", () => {
    expect(searchTermFor("olive oil")).toBe("azeite");
    expect(searchTermFor("Chicken Breast")).toBe("peito frango");
    expect(searchTermFor("bacalhau")).toBe("bacalhau");
    // Found on the demo plan: "batata" alone took sweet potato, "grão bico" the dry chickpeas.
    expect(searchTermFor("new potato")).toBe("batata vermelha");
    expect(searchTermFor("tinned chickpea")).toBe("grão bico cozido");
  });

  it("takes the product whose name starts with the ingredient, never a product that only mentions it", () => {
    expect(
      pickProduct("cebola", [CATALOG[3] as CoordinatorProduct, CATALOG[1] as CoordinatorProduct])?.name,
    ).toBe("cebola kg");
    expect(pickProduct("limão", [CATALOG[3] as CoordinatorProduct])).toBeUndefined();
  });

  it("adds each matched ingredient once, with the plan line and the meals it is for, and says why others were not", async () => {
    const store = createFakeStore({
      cart: [{ ...item("bacalhau-1", "bacalhau graúdo auchan kg"), quantity: 1 }],
      catalog: CATALOG,
    });
    const { added, notAdded } = await mergePlanIngredients(store, {
      ingredients: [
        ingredient("olive oil", "olive oil: 2 tbsp", 2, "tablespoon"),
        ingredient("onion", "onion: 1", 1),
        ingredient("lemon", "lemon: 1", 1),
        ingredient("bacalhau", "bacalhau: 400 g", 400, "g"),
        ingredient("chicken breast", "chicken breast: 500 g", 500, "g"),
      ],
      cart: await store.scanCart(),
      alreadyAdded: [
        {
          productId: "frango-1",
          name: "peito de frango auchan kg",
          quantity: 1,
          why: "recurring_item",
          reason: "Comprado em 2 das últimas 4 encomendas.",
        },
      ],
    });
    expect(store.added).toEqual([
      { productId: "azeite-1", quantity: 1 },
      { productId: "cebola-1", quantity: 1 },
    ]);
    expect(added[0]).toMatchObject({
      productId: "azeite-1",
      why: "plan_ingredient",
      ingredient: "olive oil: 2 tbsp",
      meals: [dinner],
    });
    expect(added[0]?.reason).toBe(
      "Ingrediente do plano (olive oil: 2 tbsp) para 2026-01-05 jantar (bolognese); a quantidade não se converte em embalagens: 1 embalagem.",
    );
    expect(notAdded).toEqual([
      { ingredient: "lemon: 1", reason: 'Sem produto na loja para "limão".' },
      {
        ingredient: "bacalhau: 400 g",
        reason: "bacalhau graúdo auchan kg já está no carrinho (1 kg, o plano pede 0,4 kg).",
      },
      {
        ingredient: "chicken breast: 500 g",
        reason: "peito de frango auchan kg já está no carrinho (1 kg, o plano pede 0,5 kg).",
      },
    ]);
  });

  it("reports a line the store refuses and goes on with the rest", async () => {
    const store = createFakeStore({ cart: [], catalog: CATALOG });
    store.addToCart = async (productId) => {
      if (productId === "azeite-1") throw new Error("product unavailable");
    };
    const { added, notAdded } = await mergePlanIngredients(store, {
      ingredients: [
        ingredient("olive oil", "olive oil: 2 tbsp", 2, "tablespoon"),
        ingredient("onion", "onion: 1", 1),
      ],
      cart: [],
      alreadyAdded: [],
    });
    expect(added.map((line) => line.productId)).toEqual(["cebola-1"]);
    expect(notAdded[0]?.reason).toMatch(/recusou azeite virgem extra auchan 750ml: product unavailable/);
  });

  it("merges the list the cook area's own use case builds: a variant's compiled lines, not its base's", async () => {
    const plans = new InMemorySnapshotRepository();
    const recipes = new InMemoryRecipeRepository();
    await recipes.putRecipe({
      recipe_id: "bacalhau-bras",
      name: "Bacalhau à Brás",
      servings: 4,
      ingredients_raw: ["400 g de bacalhau", "6 ovos", "2 cebolas"],
      steps: ["Misture."],
    });
    await plans.createSnapshot({
      snapshot_id: "week",
      created_at: "2026-01-01T00:00:00.000Z",
      planned_meals: [
        {
          date: "2026-01-05",
          meal_type: "dinner",
          recipe_id: "bacalhau-bras",
          variant: {
            variant_id: "variant:week:2026-01-05:dinner",
            base_recipe_id: "bacalhau-bras",
            patch_ops: [],
            compiled_recipe: {
              id: "variant:week:2026-01-05:dinner",
              name: "Bacalhau à Brás (sem ovo)",
              ingredients_raw: ["400 g de bacalhau", "2 cebolas", "3 colheres de sopa de azeite"],
              steps: ["Misture."],
            },
            warnings: [],
            compiled_at: "2026-01-01T00:00:00.000Z",
            compiler_version: "v0",
          },
        },
      ],
    });
    const list = await getShoppingList({ plans, recipes }, "week");
    const ingredients: PlanIngredient[] = list.items.map((entry) => ({
      name: entry.name,
      display: entry.display,
      quantity: entry.quantity,
      unit: entry.unit,
      meals: entry.sources,
    }));
    const store = createFakeStore({ cart: [], catalog: CATALOG });
    const { added } = await mergePlanIngredients(store, { ingredients, cart: [], alreadyAdded: [] });
    expect(added.map((line) => line.name).sort()).toEqual([
      "azeite virgem extra auchan 750ml",
      "bacalhau graúdo auchan kg",
      "cebola kg",
    ]);
    expect(added.every((line) => line.meals?.[0]?.recipe_id === "variant:week:2026-01-05:dinner")).toBe(true);
    expect(store.searches).not.toContain("ovos");
  });

  it("adds as many packs as the plan's amount needs, and says how in the reason", async () => {
    const store = createFakeStore({
      cart: [],
      catalog: [
        { ...item("grao-400", "grão de bico cozido polegar 400g"), size: "400g" },
        { ...item("ovos-12", "ovos de galinha classe m auchan 12 unid"), size: "12 unid" },
        item("cebola-kg", "cebola kg"),
      ],
    });
    const { added } = await mergePlanIngredients(store, {
      ingredients: [
        ingredient("grão de bico cozido", "grão de bico cozido: 800 g", 800, "g"),
        ingredient("ovos", "ovos: 14", 14),
        ingredient("cebola", "cebola: 3", 3),
      ],
      cart: [],
      alreadyAdded: [],
    });
    expect(store.added).toEqual([
      { productId: "grao-400", quantity: 2 },
      { productId: "ovos-12", quantity: 2 },
      { productId: "cebola-kg", quantity: 1 },
    ]);
    expect(added.map((line) => line.quantity)).toEqual([2, 2, 1]);
    expect(added[0]?.reason).toBe(
      "Ingrediente do plano (grão de bico cozido: 800 g) para 2026-01-05 jantar (bolognese); 800 g em embalagens de 400g → 2 embalagens.",
    );
    expect(added[1]?.reason).toMatch(/14 unidades em embalagens de 12 → 2 embalagens\.$/);
    expect(added[2]?.reason).toMatch(
      /3 unidades não se convertem em produto vendido ao peso \(cebola kg\): 1 embalagem\.$/,
    );
  });
});

describe("packs for a plan amount", () => {
  const tins = { name: "grão de bico cozido polegar 400g", size: "400g" };

  it("divides a weight or volume by the pack size, rounding up", () => {
    expect(packsForAmount({ quantity: 800, unit: "g" }, tins).packs).toBe(2);
    expect(packsForAmount({ quantity: 801, unit: "g" }, tins).packs).toBe(3);
    expect(packsForAmount({ quantity: 100, unit: "g" }, tins).packs).toBe(1);
    expect(packsForAmount({ quantity: 1.2, unit: "kg" }, tins).packs).toBe(3);
    const milk = { name: "leite mimosa uht meio gordo 6x1l" };
    expect(packsForAmount({ quantity: 2, unit: "l" }, milk).packs).toBe(1);
    expect(packsForAmount({ quantity: 7000, unit: "ml" }, milk).packs).toBe(2);
    expect(packsForAmount({ quantity: 1500, unit: "ml" }, { name: "azeite 750ml", size: "750ml" })).toEqual({
      packs: 2,
      explanation: "1500 ml em embalagens de 750ml → 2 embalagens",
    });
  });

  it("takes a plain count as that count, or in packs of units when the pack holds several", () => {
    expect(packsForAmount({ quantity: 3, unit: null }, { name: "limão un" }).packs).toBe(3);
    expect(packsForAmount({ quantity: 2, unit: "head" }, { name: "alface frisada" }).packs).toBe(2);
    expect(packsForAmount({ quantity: 6, unit: null }, { name: "ovos auchan 12 unid" }).packs).toBe(1);
    expect(packsForAmount({ quantity: 13, unit: null }, { name: "ovos polegar dúzia" }).packs).toBe(2);
    expect(packsForAmount({ quantity: 2.5, unit: null }, { name: "abacate" }).packs).toBe(3);
  });

  it("never turns a count into kilos: a count of a product sold by weight or in weight packs is 1 pack, saying why", () => {
    expect(packsForAmount({ quantity: 8, unit: null }, { name: "salmão fresco posta kg" })).toEqual({
      packs: 1,
      explanation:
        "8 unidades não se convertem em produto vendido ao peso (salmão fresco posta kg): 1 embalagem",
    });
    expect(packsForAmount({ quantity: 6, unit: null }, { name: "cenoura auchan 1kg" })).toEqual({
      packs: 1,
      explanation: "6 unidades não se convertem em embalagens de 1kg (cenoura auchan 1kg): 1 embalagem",
    });
    expect(packsForAmount({ quantity: 10, unit: null }, { name: "tomate chucha kg" }).packs).toBe(1);
    expect(packsForAmount({ quantity: 4, unit: "piece" }, { name: "leite meio gordo 1l" }).packs).toBe(1);
    expect(
      packsForAmount({ quantity: 5, unit: null }, { name: "curgete", pricePerUnit: "1.99 €/Kg" }).packs,
    ).toBe(1);
  });

  it("takes a container unit as that many packs", () => {
    expect(packsForAmount({ quantity: 2, unit: "can", containerUnit: true }, tins)).toEqual({
      packs: 2,
      explanation: "2 embalagens, como no plano",
    });
  });

  it("adds 1 and says so when the pack size is unknown, the unit does not convert, or there is no amount", () => {
    // Sold by weight: the kilograms the plan needs, not a 1 kg "pack" (issue 24).
    expect(packsForAmount({ quantity: 400, unit: "g" }, { name: "bacalhau graúdo auchan kg" })).toEqual({
      packs: 0.4,
      explanation: "400 g ao peso → 0,4 kg",
    });
    // A weight against a pack sold by volume: no conversion is guessed.
    expect(packsForAmount({ quantity: 500, unit: "g" }, { name: "leite 1l" }).packs).toBe(1);
    expect(packsForAmount({ quantity: 2, unit: "tablespoon" }, tins)).toEqual({
      packs: 1,
      explanation: "a quantidade não se converte em embalagens: 1 embalagem",
    });
    expect(packsForAmount({ quantity: null, unit: null }, tins)).toEqual({
      packs: 1,
      explanation: "quantidade não indicada no plano: 1 embalagem",
    });
  });

  it("never asks the store for more than it takes in one line", () => {
    expect(packsForAmount({ quantity: 100_000, unit: "g" }, tins).packs).toBe(MAX_PACKS);
  });
});
