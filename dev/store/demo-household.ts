import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseOrThrow } from "../../functions/core/validation";
import { CATALOG_DIR } from "./catalog";
import type { HouseholdSeed } from "./household-states";
import type { StoreCatalogIndex } from "./store-catalog-index";

const demoSchema = z.object({
  householdId: z.string(),
  cart: z.array(z.object({ name: z.string(), quantity: z.number().positive() })),
  orders: z.array(
    z.object({
      daysAgo: z.number().int().positive(),
      lines: z.array(z.object({ name: z.string(), quantity: z.number().positive() })),
    }),
  ),
});

/**
 * The demo household (catalog/demo-household.json): a cart holding the seed's unavailable items (batata
 * doce em cubos, requeijão de ovelha, fiambre da pá) and two more, beside available ones, and three past
 * orders. Products are named, not numbered, so the data reads well; order dates are relative to `now`.
 */
export const demoHouseholdSeed = (
  catalog: StoreCatalogIndex,
  now: Date,
): { householdId: string; seed: HouseholdSeed } => {
  const demo = parseOrThrow(
    demoSchema,
    JSON.parse(readFileSync(new URL("demo-household.json", CATALOG_DIR), "utf8")),
    "catalog/demo-household.json",
  );
  const idOf = (name: string): string => {
    const product = catalog.products.find((candidate) => candidate.name === name);
    if (!product) throw new Error(`demo-household.json names "${name}", which is not in the catalog`);
    return product.productId;
  };
  const daysAgo = (days: number): string =>
    new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  return {
    householdId: demo.householdId,
    seed: {
      cart: demo.cart.map((line) => ({ productId: idOf(line.name), quantity: line.quantity })),
      orders: demo.orders.map((order) => ({
        placedOn: daysAgo(order.daysAgo),
        status: "Entregue",
        lines: order.lines.map((line) => ({ productId: idOf(line.name), quantity: line.quantity })),
      })),
    },
  };
};
