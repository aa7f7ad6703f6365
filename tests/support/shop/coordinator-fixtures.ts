import type { LoggerPort } from "../../../functions/core/logger-port";
import type { StorePort } from "../../../functions/shop/domain/ports/store-port";
import type {
  CoordinatorCartLine,
  CoordinatorOrder,
  CoordinatorProduct,
  CoordinatorSlot,
} from "../../../functions/shop/domain/store-shapes";

export class RecordingCoordinatorLogger implements LoggerPort {
  readonly records: Array<{
    level: "info" | "warn";
    message: string;
    extra: Record<string, unknown> | undefined;
  }> = [];
  info(message: string, extra?: Record<string, unknown>): void {
    this.records.push({ level: "info", message, extra });
  }
  warn(message: string, extra?: Record<string, unknown>): void {
    this.records.push({ level: "warn", message, extra });
  }
  messages(level: "info" | "warn"): string[] {
    return this.records.filter((r) => r.level === level).map((r) => r.message);
  }
}

const FROZEN_VEGETABLES = ["alimentação", "congelados", "legumes-congelados"];

const product = (
  productId: string,
  name: string,
  price: number,
  pricePerUnit: string,
  brand: string,
  size: string,
  categoryPath: string[] = FROZEN_VEGETABLES,
): CoordinatorProduct => ({
  productId,
  name,
  price,
  pricePerUnit,
  brand,
  size,
  available: true,
  categoryPath,
});

/** Seed 000's sweet potato case, with the simulated store's figures (dev/store/catalog/products.json). */
export const SWEET_POTATO_ORIGINAL: CoordinatorCartLine = {
  ...product("3392943", "batata doce auchan em cubos para cozer 400g", 1.69, "4.22 €/Kg", "AUCHAN", "400g"),
  available: false,
  quantity: 2,
};

export const SWEET_POTATO_CANDIDATES: CoordinatorProduct[] = [
  product("7137657", "batata doce auchan rodelas congelada 450g", 2.29, "5.09 €/Kg", "AUCHAN", "450g"),
  product("8759275", "batata doce em cubos congelada iglo 400g", 2.99, "7.47 €/Kg", "IGLO", "400g"),
  product("4422151", "batata doce auchan bio cubos congelada 300g", 3.49, "11.63 €/Kg", "AUCHAN BIO", "300g"),
  product("2394892", "batata doce polegar cubos congelada 1kg", 3.49, "3.49 €/Kg", "POLEGAR", "1kg"),
  product("5214154", "batata doce em cubos congelada ardo 750g", 3.79, "5.05 €/Kg", "ARDO", "750g"),
  product("3250379", "batata doce em cubos congelada bonduelle 450g", 3.19, "7.09 €/Kg", "BONDUELLE", "450g"),
  product("6538671", "batata doce frita congelada mccain 600g", 3.89, "6.48 €/Kg", "MCCAIN", "600g", [
    "alimentação",
    "congelados",
    "batatas-congeladas",
  ]),
  product("6146977", "batata doce kg", 1.49, "1.49 €/Kg", "", "", [
    "alimentação",
    "frutas-e-legumes",
    "legumes",
  ]),
];

/** A shop's search: every query word in the name (as the simulated store does). */
const matches = (query: string, name: string): boolean =>
  query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => name.toLowerCase().includes(word));

export interface FakeStore extends StorePort {
  readonly searches: string[];
  readonly added: Array<{ productId: string; quantity: number }>;
  readonly removed: string[];
}

export const createFakeStore = (options: {
  cart?: CoordinatorCartLine[];
  catalog?: CoordinatorProduct[];
  orders?: CoordinatorOrder[];
  slots?: CoordinatorSlot[];
}): FakeStore => {
  const catalog = options.catalog ?? [SWEET_POTATO_ORIGINAL, ...SWEET_POTATO_CANDIDATES];
  const cart = [...(options.cart ?? [SWEET_POTATO_ORIGINAL])];
  const store: FakeStore = {
    searches: [],
    added: [],
    removed: [],
    scanCart: async () => cart.map((line) => ({ ...line })),
    searchProducts: async (query, maxResults) => {
      store.searches.push(query);
      return catalog.filter((p) => p.available && matches(query, p.name)).slice(0, maxResults);
    },
    readProduct: async (productId) => {
      const found = catalog.find((p) => p.productId === productId);
      if (!found) throw new Error(`no product ${productId}`);
      return found;
    },
    listOrders: async () => options.orders ?? [],
    listDeliverySlots: async () => options.slots ?? [],
    addToCart: async (productId, quantity) => {
      store.added.push({ productId, quantity });
    },
    removeFromCart: async (productId) => {
      store.removed.push(productId);
    },
  };
  return store;
};
