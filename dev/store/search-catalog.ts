import { stripAccents } from "../../functions/core/text/fold-text";
import type { CatalogProduct } from "./catalog";
import type { StoreCatalogIndex } from "./store-catalog-index";

/**
 * The simulated store's search: a shop's literal matching, not our ranker. Every query word must appear
 * in the product name (accents and case ignored, a trailing plural "s" tolerated, a few Portuguese
 * function words skipped). Brands are words of the name, so a query naming a brand finds only that
 * brand, and a too-literal query finds only the item it was copied from (the seed's "before" case).
 */
const FUNCTION_WORDS = new Set([
  "de",
  "da",
  "do",
  "das",
  "dos",
  "em",
  "e",
  "a",
  "o",
  "as",
  "os",
  "com",
  "para",
  "ao",
  "à",
]);

export const normaliseWord = (word: string): string =>
  stripAccents(word.toLowerCase()).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

const wordsOf = (text: string): string[] => text.split(/\s+/).map(normaliseWord).filter(Boolean);

const sameWord = (queryWord: string, nameWord: string): boolean =>
  queryWord === nameWord || `${queryWord}s` === nameWord || queryWord === `${nameWord}s`;

export const queryWords = (query: string): string[] =>
  wordsOf(query).filter((word) => !FUNCTION_WORDS.has(word));

/** Where the query's words first appear in the name, or null when one of them does not. */
const matchPositions = (words: string[], product: CatalogProduct): number[] | null => {
  const nameWords = wordsOf(product.name);
  const positions: number[] = [];
  for (const word of words) {
    const position = nameWords.findIndex((nameWord) => sameWord(word, nameWord));
    if (position < 0) return null;
    positions.push(position);
  }
  return positions;
};

/**
 * The site's sort rules (`srule`: `price-and-capacity-ascending-000` by the printed unit price,
 * `price-low-to-high`, `price-high-to-low`); relevance when absent or unknown.
 */
export const sortProducts = (
  index: StoreCatalogIndex,
  products: CatalogProduct[],
  rule: string | undefined,
) => {
  const sorted = [...products];
  if (rule === "price-and-capacity-ascending-000") {
    sorted.sort((a, b) => index.siteUnitPriceCents(a) - index.siteUnitPriceCents(b));
  } else if (rule === "price-low-to-high") {
    sorted.sort((a, b) => a.priceCents - b.priceCents);
  } else if (rule === "price-high-to-low") {
    sorted.sort((a, b) => b.priceCents - a.priceCents);
  }
  return sorted;
};

/** Products matching the query, in relevance order: words found early in short names first. */
export const searchCatalog = (index: StoreCatalogIndex, query: string): CatalogProduct[] => {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const scored: { product: CatalogProduct; score: number }[] = [];
  for (const product of index.products) {
    const positions = matchPositions(words, product);
    if (positions)
      scored.push({ product, score: positions.reduce((sum, p) => sum + p, 0) * 10 + product.name.length });
  }
  scored.sort((a, b) => a.score - b.score || a.product.productId.localeCompare(b.product.productId));
  return scored.map((entry) => entry.product);
};

/** SFCC facet parameters: `prefn1=brand&prefv1=AUCHAN` (several values joined with `|`). */
export const brandFacetValues = (params: URLSearchParams): string[] | undefined => {
  for (let n = 1; n <= 9; n++) {
    if (params.get(`prefn${n}`) === "brand") {
      return (params.get(`prefv${n}`) ?? "")
        .split("|")
        .map((value) => value.trim().toUpperCase())
        .filter(Boolean);
    }
  }
  return undefined;
};

export const filterByBrands = (products: CatalogProduct[], brands: string[] | undefined): CatalogProduct[] =>
  brands === undefined
    ? products
    : products.filter((p) => p.brand !== null && brands.includes(p.brand.toUpperCase()));
