import type { CatalogPort } from "../../../functions/chat/catalog/domain/ports/catalog-port";
import type { Product } from "../../../functions/chat/catalog/domain/product";
import { emptyState, type SessionState } from "../../../functions/chat/catalog/domain/session-state";

export const product = (id: string, overrides: Partial<Product> = {}): Product => ({
  id,
  name: `Product ${id}`,
  category: "laptops",
  brand: "Asus",
  price: 5_000_000,
  currency: "RUB",
  rating: 4,
  stock_quantity: 3,
  ...overrides,
});

export const stateWith = (products: Product[], step = 1): SessionState => ({
  current: {
    data: { products },
    meta: {
      count: products.length,
      fields: ["name", "brand", "category", "price", "rating", "stock_quantity"],
    },
  },
  step,
});

export { emptyState };

/** An in-memory catalog: search matches the query as a substring of name or category. */
export const memoryCatalog = (products: Product[]): CatalogPort & { products: Product[] } => {
  const catalog = {
    products,
    search: async (search: { query: string }, limit: number) =>
      catalog.products
        .filter((p) => `${p.name} ${p.category}`.toLowerCase().includes(search.query.toLowerCase()))
        .slice(0, limit),
    getByIds: async (ids: readonly string[]) =>
      ids.flatMap((id) => catalog.products.filter((p) => p.id === id)),
  };
  return catalog;
};
