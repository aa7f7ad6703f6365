import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../../dev/store/catalog";
import { CartRefusal, HouseholdStates } from "../../../../dev/store/household-states";
import { StoreCatalogIndex } from "../../../../dev/store/store-catalog-index";
import { ValidationError } from "../../../../functions/core/errors";

const index = new StoreCatalogIndex(loadCatalog());
const idOf = (name: string): string => {
  const product = index.products.find((p) => p.name === name);
  if (!product) throw new Error(`missing ${name}`);
  return product.productId;
};
const MILK = idOf("leite auchan uht meio gordo slim 1l");
const CHICKEN = idOf("peito de frango auchan kg");
const UNAVAILABLE = idOf("fiambre da pá auchan fatias 200g");

describe("HouseholdStates", () => {
  it("adds to one line per product and keeps households apart", () => {
    const states = new HouseholdStates(index);
    states.addToCart("household:a", MILK, 2);
    states.addToCart("household:a", MILK, 4);
    expect(states.get("household:a").cart.map((l) => [l.productId, l.quantity])).toEqual([[MILK, 6]]);
    expect(states.get("household:b").cart).toEqual([]);
  });

  it("refuses unavailable products, fractional units and weights off the step", () => {
    const states = new HouseholdStates(index);
    expect(() => states.addToCart("h", UNAVAILABLE, 1)).toThrow(CartRefusal);
    expect(() => states.addToCart("h", MILK, 1.5)).toThrow(/unidade/);
    expect(() => states.addToCart("h", CHICKEN, 0.1)).toThrow(/mínima/);
    states.addToCart("h", CHICKEN, 0.75);
    expect(states.get("h").cart[0]?.quantity).toBe(0.75);
  });

  it("removes a line only with its product id and uuid", () => {
    const states = new HouseholdStates(index);
    const [line] = states.addToCart("h", MILK, 1).cart;
    expect(() => states.removeLine("h", MILK, "other-uuid")).toThrow(CartRefusal);
    states.removeLine("h", MILK, line?.uuid ?? "");
    expect(states.get("h").cart).toEqual([]);
  });

  it("seeds carts and orders (newest first) and rejects unknown product ids by name", () => {
    const states = new HouseholdStates(index);
    const seeded = states.seed("h", {
      cart: [{ productId: UNAVAILABLE, quantity: 1 }],
      orders: [
        { placedOn: "2025-12-01", lines: [{ productId: MILK, quantity: 6 }] },
        { placedOn: "2026-01-05", lines: [{ productId: MILK, quantity: 2 }] },
      ],
    });
    expect(seeded.orders.map((o) => o.placedOn)).toEqual(["2026-01-05", "2025-12-01"]);
    expect(seeded.orders[0]?.lines[0]?.priceCents).toBe(86);
    expect(() => states.seed("h", { cart: [{ productId: "1234567", quantity: 1 }] })).toThrow(
      ValidationError,
    );
    expect(() => states.seed("h", { cart: [{ productId: "1234567", quantity: 1 }] })).toThrow(/1234567/);
  });

  it("drops only the unavailable lines with the bulk remove", () => {
    const states = new HouseholdStates(index);
    states.seed("h", {
      cart: [
        { productId: UNAVAILABLE, quantity: 1 },
        { productId: MILK, quantity: 1 },
      ],
    });
    expect(states.removeUnavailable("h").cart.map((l) => l.productId)).toEqual([MILK]);
  });
});
