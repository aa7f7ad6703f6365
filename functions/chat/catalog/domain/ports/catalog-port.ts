import type { Product } from "../product";

export interface ProductSearch {
  query: string;
  category?: string;
  brand?: string;
  /** Major units (rubles), inclusive. */
  min_price?: number;
  max_price?: number;
}

/** The most products one search puts into a session (their ids go into the SEARCH delta for replay). */
export const SEARCH_RESULT_LIMIT = 1000;

/** The tenant's catalog, as the tools need it. */
export interface CatalogPort {
  /** Best matches first, at most `limit`. */
  search(search: ProductSearch, limit: number): Promise<Product[]>;
  /** The products with these ids, in the given order; ids no longer in the catalog are left out. */
  getByIds(ids: readonly string[]): Promise<Product[]>;
}
