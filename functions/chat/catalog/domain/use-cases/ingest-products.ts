import type { CatalogRepository } from "../ports/catalog-repository";
import type { Product } from "../product";

/** Inserts or replaces products by id (idempotent); answers how many were written. */
export const ingestProducts = async (
  deps: { catalog: CatalogRepository },
  products: readonly Product[],
): Promise<{ upserted: number }> => {
  await deps.catalog.upsert(products);
  return { upserted: products.length };
};
