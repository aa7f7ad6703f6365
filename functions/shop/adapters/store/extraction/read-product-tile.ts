import { type StoreProduct, storeProductSchema } from "../store-product";
import { categoryPathFromProductUrl, productShowUrl } from "../store-urls";
import { assembleStoreProduct } from "./assemble-store-product";
import { readGtmData, readGtmNewData } from "./gtm-data";
import { parsePriceToCents } from "./parse-price";
import type { RawRecordReader } from "./raw-record-reader";
import { readWeightRules } from "./read-weight-rules";

/** Where a tile was read: its page (to resolve relative links) and the store (for fallbacks). */
export interface TileContext {
  pageUrl: string;
  storeUrl: URL;
}

const UNAVAILABLE_TILE_CLASS = "auc-product-unavailable";

/**
 * A product tile (search results, category listings, recommendations) → StoreProduct. Machine-readable
 * sources first: `data-pid`, the `content` attribute, `data-gtm`/`data-gtm-new`; visible text last.
 * Availability comes from the tile's `auc-product-unavailable` class or its "Indisponível online"
 * button, never from `.auc-unavailable-text` (a loader).
 */
export const readProductTile = (reader: RawRecordReader, context: TileContext): StoreProduct => {
  const gtm = readGtmData(reader.text("gtm"));
  const gtmNew = readGtmNewData(reader.text("gtmNew"));
  const productId = reader.text("productId") ?? gtm?.id ?? gtmNew?.id;
  if (productId === undefined) throw reader.changed("productId");
  const name = gtmNew?.name ?? gtm?.name ?? reader.text("name");
  if (name === undefined) throw reader.changed("name");
  const priceCents = reader.parsed("price", parsePriceToCents) ?? gtm?.priceCents ?? gtmNew?.priceCents;
  if (priceCents === undefined) throw reader.changed("price");
  const url = reader.link("href", context.pageUrl) ?? productShowUrl(context.storeUrl, productId);
  const rootClasses = (reader.text("rootClass") ?? "").split(/\s+/);
  const available = !rootClasses.includes(UNAVAILABLE_TILE_CLASS) && !reader.present("unavailableButton");
  const categoryPath = gtmNew?.categoryPath.length
    ? gtmNew.categoryPath
    : gtm?.categoryPath.length
      ? gtm.categoryPath
      : categoryPathFromProductUrl(url);
  const product = assembleStoreProduct({
    productId,
    name,
    priceCents,
    wasPriceCents: reader.parsed("wasPrice", parsePriceToCents),
    pricePerUnit: reader.text("pricePerUnit"),
    brand: gtm?.brand ?? gtmNew?.brand,
    available,
    ...readWeightRules(reader),
    labels: reader.list("labels"),
    categoryPath,
    url,
  });
  return reader.valid(storeProductSchema, product);
};
