import { assembleStoreProduct } from "../extraction/assemble-store-product";
import { readGtmData, readGtmNewData } from "../extraction/gtm-data";
import { parsePriceToCents } from "../extraction/parse-price";
import { parsePositiveQuantity } from "../extraction/parse-quantity";
import { listNotFound, RawRecordReader } from "../extraction/raw-record-reader";
import { readProductTile } from "../extraction/read-product-tile";
import { StorePageChangedError } from "../store-errors";
import { type CartItem, cartItemSchema, type StoreProduct } from "../store-product";
import { cartPageUrl, categoryPathFromProductUrl, productShowUrl } from "../store-urls";
import { readStorePage, type StoreToolContext } from "./store-tool-context";

export interface ScanCartResult {
  items: CartItem[];
  /** The cart's "Também poderá gostar..." carousel (each tile once, the carousel's copies left out). */
  recommendations: StoreProduct[];
  unavailableCount: number;
  /** Sum of the available lines, in cents. */
  availableTotalCents: number;
}

const flag = (text: string | undefined): boolean => text?.trim().toLowerCase() === "true";

/**
 * One cart line → CartItem. The quantity is the hidden `input[type=number]` (`2.0`, `1.3`); on a
 * weighed line switched to pieces (`data-is-unit-switched="true"`) it counts pieces, as the page shows
 * them ("12 un"), and `weightKg` is those pieces at `data-step-quantity` kg each. An unavailable line has no quantity input: `data-gtm-new.quantity`
 * then. Unavailable when `data-gtm.dimension7` is "No" or the line shows "Produto indisponível"
 * (`.auc-unavailable-text` inside the line: the class is also a page loader).
 */
export const readCartLine = (reader: RawRecordReader, pageUrl: string, storeUrl: URL): CartItem => {
  const gtm = readGtmData(reader.text("gtm"));
  const gtmNew = readGtmNewData(reader.text("gtmNew"));
  const productId = reader.text("productId") ?? gtm?.id ?? gtmNew?.id;
  if (productId === undefined) throw reader.changed("productId");
  const name = gtm?.name ?? reader.text("name") ?? gtmNew?.name;
  if (name === undefined) throw reader.changed("name");
  const available =
    gtm?.available !== false && !reader.present("unavailableText") && !reader.present("unavailableName");
  const soldByWeight = reader.text("unitMeasure")?.toUpperCase() === "KG" || reader.present("perKgMarker");
  const shown = reader.parsed("quantity", parsePositiveQuantity);
  const step = reader.parsed("stepQuantity", parsePositiveQuantity);
  // A weighed line the household switched to pieces shows "12 un": it is read in units, as bought (its
  // weight, 12 × the step, is kept beside it), so re-adding it never buys by weight what was bought by unit.
  const inPieces = shown !== undefined && step !== undefined && flag(reader.text("unitSwitched"));
  const weightKg = inPieces ? Math.round(shown * step * 1000) / 1000 : undefined;
  const quantity = shown ?? gtmNew?.quantity;
  if (quantity === undefined) throw reader.changed("quantity");
  const lineTotalCents = reader.parsed("lineTotal", parsePriceToCents);
  const billedQuantity = weightKg ?? quantity;
  const priceCents =
    gtm?.priceCents ??
    (lineTotalCents === undefined ? undefined : Math.round(lineTotalCents / billedQuantity));
  if (priceCents === undefined) throw reader.changed("lineTotal");
  const wasLineTotalCents = reader.parsed("wasTotal", parsePriceToCents);
  const url = reader.link("href", pageUrl) ?? productShowUrl(storeUrl, productId);
  const product = assembleStoreProduct({
    productId,
    name,
    priceCents,
    wasPriceCents:
      wasLineTotalCents === undefined ? undefined : Math.round(wasLineTotalCents / billedQuantity),
    pricePerUnit: reader.text("pricePerUnit"),
    brand: gtm?.brand ?? gtmNew?.brand,
    available,
    soldByWeight,
    labels: [],
    categoryPath: gtm?.categoryPath.length
      ? gtm.categoryPath
      : gtmNew?.categoryPath.length
        ? gtmNew.categoryPath
        : categoryPathFromProductUrl(url),
    url,
  });
  return reader.valid(cartItemSchema, {
    ...product,
    quantity,
    quantityUnit: soldByWeight && !inPieces ? "kg" : "un",
    ...(weightKg === undefined ? {} : { weightKg }),
    lineTotalCents: lineTotalCents ?? Math.round(priceCents * billedQuantity),
    wasLineTotalCents,
    lineUuid: reader.text("lineUuid")?.trim(),
    replacementUrl: reader.link("replacementHref", pageUrl),
  });
};

/**
 * Reads the household's cart: every line with quantity, prices, unit price and availability, the
 * unavailable ones with their "Substituir" link. The empty cart (`.cart-empty.auc-cart--empty`) is an
 * empty result; a page with neither lines nor that marker is a changed page.
 */
export const scanCart = async (context: StoreToolContext): Promise<ScanCartResult> => {
  const spec = context.registry.cart;
  const page = await readStorePage(context, "cart", cartPageUrl(context.storeUrl));
  const lines = page.lists.lines?.records ?? [];
  if (lines.length === 0 && page.emptyMarker === null) throw listNotFound(spec, "lines", page.url);
  const fields = spec.lists.lines?.fields ?? {};
  const items = lines.map((line) =>
    readCartLine(new RawRecordReader(line, fields, spec, page.url, "cart line"), page.url, context.storeUrl),
  );
  // The header counts the lines ("68 produtos"): a partial read is a changed page, never a shorter cart.
  const header = new RawRecordReader(page.values, spec.values, spec, page.url, "cart page");
  const shownCount = header.parsed("lineCount", (text) => {
    const digits = text.match(/\d+/)?.[0];
    return digits === undefined ? null : Number(digits);
  });
  if (shownCount !== undefined && shownCount !== items.length) {
    throw new StorePageChangedError({
      page: spec.page,
      registryVersion: spec.version,
      what: `"lines" records (${items.length} read, the page counts ${shownCount})`,
      selectors: spec.lists.lines?.root ?? [],
      url: page.url,
      invalid: "fewer or more lines than the page's own count",
    });
  }
  const tileFields = spec.lists.recommendations?.fields ?? {};
  const recommendations = (page.lists.recommendations?.records ?? []).map((tile) =>
    readProductTile(new RawRecordReader(tile, tileFields, spec, page.url, "recommendation tile"), {
      pageUrl: page.url,
      storeUrl: context.storeUrl,
    }),
  );
  return {
    items,
    recommendations,
    unavailableCount: items.filter((item) => !item.available).length,
    availableTotalCents: items
      .filter((item) => item.available)
      .reduce((sum, item) => sum + item.lineTotalCents, 0),
  };
};
