import { z } from "zod";
import { NotFoundError } from "../../../../core/errors";
import { parseOrThrow } from "../../../../core/validation";
import { assembleStoreProduct } from "../extraction/assemble-store-product";
import { readGtmData } from "../extraction/gtm-data";
import { findJsonLdProduct } from "../extraction/json-ld-product";
import { parsePriceToCents } from "../extraction/parse-price";
import { RawRecordReader } from "../extraction/raw-record-reader";
import { readProductTile } from "../extraction/read-product-tile";
import { readWeightRules } from "../extraction/read-weight-rules";
import { type ProductDetail, productDetailSchema } from "../store-product";
import { categoryPathFromProductUrl, isProductUrl, PRODUCT_PAGE_PATHS, productShowUrl } from "../store-urls";
import { readStorePage, type StoreToolContext } from "./store-tool-context";

export const extractProductInfoInputSchema = z.union([
  z.object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .refine(isProductUrl, "not a product page: its path must end in /{productId}.html"),
  }),
  z.object({
    productId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/),
  }),
]);
export type ExtractProductInfoInput = z.input<typeof extractProductInfoInputSchema>;

export interface ExtractProductInfoResult {
  product: ProductDetail;
  /** Present so a caller can re-post to the cart without reading the page again. */
  addToCartUrl?: string;
}

/**
 * Reads a product page (by URL, or by id through SFCC's Product-Show redirect). JSON-LD first (sku,
 * gtin, brand, offers.price, offers.availability), then data attributes, visible text last; the pack
 * size from `.attribute-values.auc-pdp-regular`; the "A Auchan sugere isto…" tiles as recommendations.
 * A URL that is not a product page is refused with its input; one the store redirects elsewhere (a
 * retired product sent to its listing) is a NotFoundError at once, not a wait for product markers.
 */
export const extractProductInfo = async (
  context: StoreToolContext,
  input: ExtractProductInfoInput,
): Promise<ExtractProductInfoResult> => {
  const request = parseOrThrow(extractProductInfoInputSchema, input, "extractProductInfo input");
  const target = "url" in request ? request.url : productShowUrl(context.storeUrl, request.productId);
  const spec = context.registry.product;
  const page = await readStorePage(context, "product", target, { expectedPath: PRODUCT_PAGE_PATHS });
  if (!isProductUrl(page.url)) {
    throw new NotFoundError(`Not a product page: ${target} led to ${page.url}`, {
      code: "store_not_a_product_page",
      details: { url: target, finalUrl: page.url },
    });
  }
  const reader = new RawRecordReader(page.values, spec.values, spec, page.url, "product page");
  const jsonLdTexts = (page.lists.jsonLd?.records ?? []).flatMap((record) =>
    (record.json ?? []).filter((value): value is string => typeof value === "string"),
  );
  const jsonLd = findJsonLdProduct(jsonLdTexts);
  const gtm = readGtmData(reader.text("gtm"));
  const productId = jsonLd?.sku ?? reader.text("productId") ?? gtm?.id;
  if (productId === undefined) throw reader.changed("productId");
  const name = jsonLd?.name ?? gtm?.name ?? reader.text("name");
  if (name === undefined) throw reader.changed("name");
  const priceCents = jsonLd?.priceCents ?? reader.parsed("price", parsePriceToCents) ?? gtm?.priceCents;
  if (priceCents === undefined) throw reader.changed("price");
  const breadcrumbs = reader.list("breadcrumbs");
  const categoryPath = gtm?.categoryPath.length
    ? gtm.categoryPath
    : breadcrumbs.length
      ? breadcrumbs
      : categoryPathFromProductUrl(page.url);
  const product = assembleStoreProduct({
    productId,
    name,
    priceCents,
    wasPriceCents: reader.parsed("wasPrice", parsePriceToCents),
    pricePerUnit: reader.text("pricePerUnit"),
    brand: jsonLd?.brand ?? gtm?.brand,
    packSizeText: reader.text("packSize"),
    available: jsonLd?.available ?? !reader.present("unavailableButton"),
    ...readWeightRules(reader),
    labels: reader.list("labels"),
    categoryPath,
    url: page.url,
  });
  const tileFields = spec.lists.recommendations?.fields ?? {};
  const recommendations = (page.lists.recommendations?.records ?? []).map((tile) =>
    readProductTile(new RawRecordReader(tile, tileFields, spec, page.url, "recommendation tile"), {
      pageUrl: page.url,
      storeUrl: context.storeUrl,
    }),
  );
  const addToCartUrl = reader.link("addToCartUrl", page.url);
  return {
    product: reader.valid(productDetailSchema, {
      ...product,
      gtin: jsonLd?.gtin,
      description: jsonLd?.description ?? reader.text("description"),
      recommendations,
    }),
    addToCartUrl,
  };
};
