import { type CatalogProduct, loadCatalog } from "../../../dev/store/catalog";

const catalog = loadCatalog();

/** A catalog product by its exact name: tests name products the way the seed does. */
export const productNamed = (name: string): CatalogProduct => {
  const product = catalog.products.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`No catalog product named "${name}"`);
  return product;
};

export const catalogProducts = catalog.products;
