import type { CatalogRepository } from "../ports/catalog-repository";

/** Names a category in several languages; its products are then found by these names. */
export const putCategory = async (
  deps: { catalog: CatalogRepository },
  category: { id: string; names: string[] },
): Promise<{ id: string; names: string[] }> => {
  await deps.catalog.putCategory(category.id, category.names);
  return category;
};
