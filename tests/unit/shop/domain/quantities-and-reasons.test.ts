import { describe, expect, it } from "vitest";
import { substituteQuantity } from "../../../../functions/shop/domain/packs/substitute-quantity";
import {
  coveringLine,
  mergePlanIngredients,
  searchTermFor,
} from "../../../../functions/shop/domain/plan-to-cart/plan-cart-merge";
import { packsForAmount } from "../../../../functions/shop/domain/plan-to-cart/plan-pack-count";
import type { CoordinatorCartLine, CoordinatorProduct } from "../../../../functions/shop/domain/store-shapes";
import type { ValueRanking } from "../../../../functions/shop/domain/substitution/substitution-contracts";
import { heuristicReason } from "../../../../functions/shop/domain/substitution/substitution-reasons";
import { summarizeRankings } from "../../../../functions/shop/domain/substitution/value-ranker";
import { createFakeStore } from "../../../support/shop/coordinator-fixtures";

const SWEET_POTATO = {
  name: "batata doce auchan em cubos para cozer 400g",
  size: "400g",
  pricePerUnit: "4.23 €/Kg",
  quantity: 2,
};

describe("an accepted substitute covers the original's amount, not its count", () => {
  it("2 × 400 g → one 1 kg pack, and the reason says so", () => {
    expect(
      substituteQuantity(SWEET_POTATO, { name: "batata doce polegar cubos congelada 1kg", size: "1kg" }),
    ).toEqual({ quantity: 1, explanation: "2 × 400g = 800 g: 1 embalagem de 1kg" });
  });

  it("2 × 400 g → 2 × 450 g, and the reason says so", () => {
    expect(
      substituteQuantity(SWEET_POTATO, { name: "batata doce auchan rodelas congelada 450g", size: "450g" }),
    ).toEqual({
      quantity: 2,
      explanation: "2 × 400g = 800 g: 2 × 450g (900 g)",
    });
  });

  it("a substitute sold by weight gets the kilograms needed, fractional", () => {
    expect(
      substituteQuantity(SWEET_POTATO, { name: "batata doce kg", pricePerUnit: "1.99 €/Kg" }).quantity,
    ).toBe(0.8);
  });
});

describe("plan amounts of products sold by weight are kilograms, fractional", () => {
  it.each([
    [{ quantity: 1.5, unit: "kg" }, { name: "batata vermelha kg", pricePerUnit: "1.49 €/Kg" }, 1.5],
    [{ quantity: 400, unit: "g" }, { name: "bacalhau graúdo auchan kg" }, 0.4],
    [{ quantity: 500, unit: "g" }, { name: "carne picada novilho", soldByWeight: true }, 0.5],
    [{ quantity: 330, unit: "g" }, { name: "salmão posta kg", quantityStepKg: 0.25 }, 0.5],
  ])("%j of %j → %s kg", (amount, product, kg) => {
    expect(packsForAmount(amount, product).packs).toBe(kg);
  });
});

const line = (productId: string, name: string, quantity: number, size?: string): CoordinatorCartLine => ({
  productId,
  name,
  quantity,
  price: 1,
  available: true,
  categoryPath: [],
  ...(size ? { size } : {}),
});
const product = (productId: string, name: string): CoordinatorProduct => ({
  productId,
  name,
  price: 1,
  available: true,
  categoryPath: [],
});
const meals = [{ date: "2026-01-05", meal_type: "dinner", recipe_id: "r" }];

describe("plan lines are matched to the cart by food, not only by product id", () => {
  it("a cart with 12 l of milk gets no more milk, and a cart with Gallo extra virgin gets no Gallo clássico", async () => {
    const store = createFakeStore({
      cart: [],
      catalog: [
        product("leite-2", "leite meio gordo mimosa 1l"),
        product("azeite-2", "azeite gallo clássico 1l"),
      ],
    });
    const { added, notAdded } = await mergePlanIngredients(store, {
      ingredients: [
        { name: "milk", display: "milk: 1 l", quantity: 1, unit: "l", meals },
        { name: "olive oil", display: "olive oil: 2 tbsp", quantity: 2, unit: "tablespoon", meals },
      ],
      cart: [
        line("leite-1", "leite auchan uht meio gordo 1l", 12, "1l"),
        line("azeite-1", "azeite gallo virgem extra 750ml", 1, "750ml"),
      ],
      alreadyAdded: [],
    });
    expect(added).toEqual([]);
    expect(store.added).toEqual([]);
    expect(notAdded.map((n) => n.reason)).toEqual([
      "leite auchan uht meio gordo 1l já está no carrinho (12 l, o plano pede 1 l).",
      "azeite gallo virgem extra 750ml já está no carrinho: o mesmo alimento.",
    ]);
  });

  it("a cart line of another kind (coconut milk) does not cover the plan; too little covers part", () => {
    expect(
      coveringLine({ quantity: 1, unit: "l" }, "leite", [line("c", "leite de coco 400ml", 1)]),
    ).toBeUndefined();
    expect(
      coveringLine({ quantity: 2, unit: "l" }, "leite", [line("m", "leite uht 1l", 1, "1l")])?.missing,
    ).toEqual({ amount: 1, per: "l", held: 1, need: 2 });
  });

  it("2 l of milk needed, 1 l in the cart: adds 1 l in packs, and the line says so", async () => {
    const store = createFakeStore({ cart: [], catalog: [product("leite-2", "leite meio gordo mimosa 1l")] });
    const { added } = await mergePlanIngredients(store, {
      ingredients: [{ name: "milk", display: "milk: 2 l", quantity: 2, unit: "l", meals }],
      cart: [line("leite-1", "leite auchan uht meio gordo 1l", 1, "1l")],
      alreadyAdded: [],
    });
    expect(store.added).toEqual([{ productId: "leite-2", quantity: 1 }]);
    expect(added[0]?.reason).toContain("(1 l, o plano pede 2 l): falta 1 l");
  });

  it("an unavailable cart line, or one the run will prune, covers nothing: the plan line is added, saying why", async () => {
    const store = createFakeStore({
      cart: [],
      catalog: [product("leite-2", "leite meio gordo mimosa 1l"), product("arroz-2", "arroz agulha 1kg")],
    });
    const { added } = await mergePlanIngredients(store, {
      ingredients: [
        { name: "milk", display: "milk: 600 ml", quantity: 600, unit: "ml", meals },
        { name: "white rice", display: "white rice: 500 g", quantity: 500, unit: "g", meals },
      ],
      cart: [
        { ...line("leite-1", "leite auchan uht meio gordo sem lactose 1l", 2, "1l"), available: false },
        line("arroz-1", "arroz carolino auchan 1kg", 1, "1kg"),
      ],
      alreadyAdded: [],
      toBePruned: new Map([["arroz-1", "Comprado há 3 dias"]]),
    });
    expect(store.added.map((a) => a.productId)).toEqual(["leite-2", "arroz-2"]);
    expect(added[0]?.reason).toContain("está no carrinho mas indisponível");
    expect(added[1]?.reason).toContain("esta execução propõe retirá-lo (Comprado há 3 dias)");
  });

  it("a product sold by weight: never less than the page's minimum, in its steps", () => {
    expect(
      packsForAmount(
        { quantity: 100, unit: "g" },
        { name: "tomate chucha kg", soldByWeight: true, quantityStepKg: 0.05, minimumQuantityKg: 0.25 },
      ),
    ).toEqual({ packs: 0.25, explanation: "100 g ao peso → 0,25 kg, o mínimo que a loja vende" });
    expect(
      packsForAmount(
        { quantity: 420, unit: "g" },
        { name: "tomate chucha kg", soldByWeight: true, quantityStepKg: 0.25, minimumQuantityKg: 0.25 },
      ).packs,
    ).toBe(0.5);
  });

  it("tomato paste is concentrado de tomate, not polpa", () => {
    expect(searchTermFor("tomato paste")).toBe("concentrado tomate");
  });
});

describe("reasons true to the numbers, in pt-PT", () => {
  const original = { name: "batata doce auchan em cubos 400g", price: 1.69, pricePerUnit: "4.23 €/Kg" };

  it('says "melhor valor" only when the substitute is cheaper per unit', () => {
    const dearer = heuristicReason(
      { name: "batata doce auchan rodelas 450g", price: 2.29, pricePerUnit: "5.09 €/Kg" },
      original,
      "store",
      "more_expensive",
    );
    expect(dearer).not.toContain("melhor valor");
    expect(dearer).toContain("5,09 €/kg contra 4,23 €/kg (mais caro ao kg)");
    const cheaper = heuristicReason(
      { name: "batata doce polegar 1kg", price: 3.49, pricePerUnit: "3.49 €/Kg" },
      original,
      "store",
      "cheaper",
    );
    expect(cheaper).toContain("melhor valor");
  });

  it("counts the alternatives shown, never more than five, with no English band names", () => {
    const rankings: ValueRanking[] = Array.from({ length: 7 }, (_, i) => ({
      productId: `p${i}`,
      rank: i + 1,
      valueScore: 0.86,
      brandPreference: "store",
      priceComparison: "cheaper",
      capacityCostRatio: 0.6,
      recommendation: "strong",
      reason: "",
    }));
    const summary = summarizeRankings(rankings, "leite", () => "leite polegar 1l");
    expect(summary).toBe('5 alternativas para "leite"; a melhor: leite polegar 1l (86%, forte).');
  });
});
