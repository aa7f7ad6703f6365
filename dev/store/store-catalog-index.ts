import type { Catalog, CatalogCategory, CatalogProduct } from "./catalog";

/** The simulated store's SFCC controller prefix (the same as Auchan.pt's). */
export const CONTROLLER_BASE = "/on/demandware.store/Sites-AuchanPT-Site/pt_PT";

/** The catalog with the lookups the pages need. */
export class StoreCatalogIndex {
  readonly products: CatalogProduct[];
  private readonly byId: Map<string, CatalogProduct>;
  private readonly categoriesById: Map<string, CatalogCategory>;

  constructor(readonly catalog: Catalog) {
    this.products = catalog.products;
    this.byId = new Map(catalog.products.map((product) => [product.productId, product]));
    this.categoriesById = new Map(catalog.categories.map((category) => [category.id, category]));
    for (const product of catalog.products) this.category(product);
  }

  product(productId: string): CatalogProduct | undefined {
    return this.byId.get(productId);
  }

  category(product: CatalogProduct): CatalogCategory {
    const category = this.categoriesById.get(product.categoryId);
    if (!category)
      throw new Error(`Product ${product.productId} names unknown category ${product.categoryId}`);
    return category;
  }

  /** `/pt/{dept}/{cat}/{subcat}/{type}/{slug}/{pid}.html`, as on Auchan.pt. */
  productPath(product: CatalogProduct): string {
    return `/pt/${this.category(product).slugs.join("/")}/${product.slug}/${product.productId}.html`;
  }

  /** A category listing path (the cart's "Substituir" link points at the item's category). */
  categoryPath(category: CatalogCategory, depth = 4): string {
    return `/pt/${category.slugs.slice(0, depth).join("/")}`;
  }

  /** Products under a category path prefix (`["alimentacao", "congelados"]`), or undefined if none. */
  productsUnder(slugs: string[]): { products: CatalogProduct[]; labels: string[] } | undefined {
    const matching = this.catalog.categories.filter((category) =>
      slugs.every((slug, index) => category.slugs[index] === slug),
    );
    const first = matching[0];
    if (!first || slugs.length === 0 || slugs.length > 4) return undefined;
    const ids = new Set(matching.map((category) => category.id));
    return {
      products: this.products.filter((product) => ids.has(product.categoryId)),
      labels: first.labels.slice(0, slugs.length),
    };
  }

  /** The unit price the site prints, as cents, for the unit-price sort. */
  siteUnitPriceCents(product: CatalogProduct): number {
    return Math.round(Number.parseFloat(product.unitPriceLabel) * 100);
  }
}
