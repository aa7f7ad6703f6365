import { NotFoundError } from "../../../../core/errors";
import type { CatalogRepository } from "../ports/catalog-repository";
import type { Product } from "../product";

/** One catalog product, or not found (`product_not_found`). */
export const getProduct = async (deps: { catalog: CatalogRepository }, id: string): Promise<Product> => {
  const product = await deps.catalog.getById(id);
  if (!product) throw new NotFoundError(`No product ${id}`, { code: "product_not_found" });
  return product;
};
