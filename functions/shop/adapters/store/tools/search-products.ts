import { z } from "zod";
import { parseOrThrow } from "../../../../core/validation";
import { listNotFound, RawRecordReader } from "../extraction/raw-record-reader";
import { readProductTile } from "../extraction/read-product-tile";
import type { StoreProduct } from "../store-product";
import { SEARCH_SORTS, searchPageUrl } from "../store-urls";
import { readStorePage, type StoreToolContext } from "./store-tool-context";

/** Pages read for one search at most, so a site that keeps paging cannot keep a tool busy. */
export const MAX_SEARCH_PAGES = 10;

export const searchProductsInputSchema = z.object({
  query: z.string().trim().min(1).max(200),
  /** `unit-price` is the site's `price-and-capacity-ascending-000`. */
  sort: z.enum(SEARCH_SORTS).default("relevance"),
  /** Brand facet (`prefn1=brand&prefv1=...`); the site spells brands in upper case. */
  brand: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .transform((brand) => brand.toUpperCase())
    .optional(),
  /** The site has no such filter: unavailable tiles are dropped here, and paging continues. */
  availableOnly: z.boolean().default(false),
  maxResults: z.number().int().min(1).max(200).default(24),
  start: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(1).max(96).default(24),
});
export type SearchProductsInput = z.input<typeof searchProductsInputSchema>;

export interface SearchProductsResult {
  query: string;
  products: StoreProduct[];
  /** The site's result count, when it shows one. */
  totalResults?: number;
  pagesRead: number;
  /** Where the next page would start, when more results remain. */
  nextStart?: number;
}

/**
 * The result count in every format the site writes: `1,059 resultados para:` (comma thousands, the
 * heading), `1 - 24 de 1059 resultados` (the shown range: the total is the number before the word),
 * `59 resultados`; a dot or space grouping is read the same way.
 */
export const parseResultCount = (text: string): number | null => {
  const normalised = text.replace(/[\u00a0\u202f]/g, " ");
  const beforeWord = normalised.match(/(\d{1,3}(?:[., ]\d{3})+|\d+)\s*resultados?/i)?.[1];
  const token = beforeWord ?? normalised.match(/\d{1,3}(?:[.,]\d{3})+|\d+/)?.[0];
  return token === undefined ? null : Number(token.replace(/[.,\s]/g, ""));
};

/**
 * Searches the store the way a shopper would (`/pt/pesquisa?q=`), following `start`/`sz` paging until
 * `maxResults` products are collected or the results end. A results page with no tiles and no
 * "no results" marker is a changed page, never an empty list.
 */
export const searchProducts = async (
  context: StoreToolContext,
  input: SearchProductsInput,
): Promise<SearchProductsResult> => {
  const request = parseOrThrow(searchProductsInputSchema, input, "searchProducts input");
  const spec = context.registry.search;
  const products: StoreProduct[] = [];
  const seen = new Set<string>();
  let start = request.start;
  let totalResults: number | undefined;
  let pagesRead = 0;
  let exhausted = false;
  while (products.length < request.maxResults && pagesRead < MAX_SEARCH_PAGES) {
    const url = searchPageUrl(context.storeUrl, { ...request, start });
    // Search pages are server-rendered (SFCC, and the simulated store): read from their HTML without
    // rendering them; one that builds itself with scripts is opened in the browser after all.
    const page = await readStorePage(context, "search", url, { serverRendered: true });
    pagesRead += 1;
    const reader = new RawRecordReader(page.values, spec.values, spec, page.url, "search page");
    totalResults = reader.parsed("resultCount", parseResultCount) ?? totalResults;
    const tiles = page.lists.tiles?.records ?? [];
    if (tiles.length === 0) {
      const pastTheEnd = start > request.start || (totalResults !== undefined && start >= totalResults);
      if (page.emptyMarker === null && !pastTheEnd) throw listNotFound(spec, "tiles", page.url);
      exhausted = true;
      break;
    }
    const tileFields = spec.lists.tiles?.fields ?? {};
    let consumed = 0;
    for (const tile of tiles) {
      if (products.length >= request.maxResults) break;
      consumed += 1;
      const product = readProductTile(new RawRecordReader(tile, tileFields, spec, page.url, "product tile"), {
        pageUrl: page.url,
        storeUrl: context.storeUrl,
      });
      if (seen.has(product.productId)) continue;
      seen.add(product.productId);
      if (request.availableOnly && !product.available) continue;
      products.push(product);
    }
    const pageEnded = consumed === tiles.length;
    start += consumed;
    if (
      pageEnded &&
      (tiles.length < request.pageSize || (totalResults !== undefined && start >= totalResults))
    ) {
      exhausted = true;
      break;
    }
  }
  return {
    query: request.query,
    products,
    totalResults,
    pagesRead,
    nextStart: exhausted ? undefined : start,
  };
};
