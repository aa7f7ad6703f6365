import type { Product } from "../product";
import type { CatalogPort } from "./catalog-port";

/** The tenant's catalog as its own routes keep it: the tools' reads plus writes and a read by id. */
export interface CatalogRepository extends CatalogPort {
  /** Inserts or replaces by id (idempotent). */
  upsert(products: readonly Product[]): Promise<void>;
  /** Sets a category's names; its products are found by them. */
  putCategory(id: string, names: readonly string[]): Promise<void>;
  getById(id: string): Promise<Product | undefined>;
}
