import { assembleStoreProduct } from "./assemble-store-product";
import { readGtmData } from "./gtm-data";
import { parsePriceToCents } from "./parse-price";
import { parsePositiveQuantity } from "./parse-quantity";
import { listNotFound, RawRecordReader } from "./raw-record-reader";
import { type CartItem, cartItemSchema } from "./store-product";
import { readStorePage, type StoreToolContext } from "./store-tool-context";
import { cartPageUrl, categoryPathFromProductUrl, productShowUrl } from "./store-urls";

export interface ScanCartResult {
  items: CartItem[];
  unavailableCount: number;
  /** Sum of the available lines, in cents. */
  availableTotalCents: number;
}

/** One cart line → CartItem. An unavailable line shows `.auc-unavailable-name` ("Produto indisponível"). */
export const readCartLine = (reader: RawRecordReader, pageUrl: string, storeUrl: URL): CartItem => {
  const gtm = readGtmData(reader.text("gtm"));
  const productId = reader.text("productId") ?? gtm?.id;
  if (productId === undefined) throw reader.changed("productId");
  const unavailableName = reader.text("unavailableName");
  const name = gtm?.name ?? reader.text("name") ?? unavailableName;
  if (name === undefined) throw reader.changed("name");
  const quantity = reader.required("quantity", parsePositiveQuantity);
  const soldByWeight = reader.text("unitMeasure")?.toUpperCase() === "KG" || reader.present("perKgMarker");
  const lineTotalCents = reader.parsed("lineTotal", parsePriceToCents);
  const priceCents =
    reader.parsed("itemPrice", parsePriceToCents) ??
    gtm?.priceCents ??
    (lineTotalCents === undefined ? undefined : Math.round(lineTotalCents / quantity));
  if (priceCents === undefined) throw reader.changed("itemPrice");
  const url = reader.link("href", pageUrl) ?? productShowUrl(storeUrl, productId);
  const product = assembleStoreProduct({
    productId,
    name,
    priceCents,
    wasPriceCents: reader.parsed("wasPrice", parsePriceToCents),
    pricePerUnit: reader.text("pricePerUnit"),
    brand: gtm?.brand,
    available: !reader.present("unavailableName"),
    soldByWeight,
    labels: [],
    categoryPath: gtm?.categoryPath.length ? gtm.categoryPath : categoryPathFromProductUrl(url),
    url,
  });
  return reader.valid(cartItemSchema, {
    ...product,
    quantity,
    quantityUnit: soldByWeight ? "kg" : "un",
    lineTotalCents: lineTotalCents ?? Math.round(priceCents * quantity),
    replacementUrl: reader.link("replacementHref", pageUrl),
  });
};

/**
 * Reads the household's cart: every line with quantity, prices, unit price and availability, the
 * unavailable ones with their "Substituir" link. An empty cart must say so (`.auc-cart__empty`).
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
  return {
    items,
    unavailableCount: items.filter((item) => !item.available).length,
    availableTotalCents: items
      .filter((item) => item.available)
      .reduce((sum, item) => sum + item.lineTotalCents, 0),
  };
};
