import { z } from "zod";
import { parseOrThrow } from "../../../../core/validation";
import { parseOrderDate, parseOrderDateTime } from "../extraction/parse-order-date";
import { parsePriceToCents } from "../extraction/parse-price";
import { listNotFound, RawRecordReader } from "../extraction/raw-record-reader";
import { type OrderDetail, orderDetailSchema } from "../store-product";
import { orderDetailPageUrl } from "../store-urls";
import { readStorePage, type StoreToolContext } from "./store-tool-context";

export const getOrderDetailInputSchema = z.object({
  /** The order's id from its history card's link (`PastOrder.orderId`), not its 9-digit number. */
  orderId: z.string().regex(/^[\w-]{1,64}$/, "an order id from the order history (letters, digits, -)"),
});
export type GetOrderDetailInput = z.input<typeof getOrderDetailInputSchema>;

export interface GetOrderDetailResult {
  order: OrderDetail;
}

/** `x2` → 2 units; `1.3Kg`, `0.15Kg` → kg; `x0` → 0 (ordered, not supplied). */
export const parseOrderLineQuantity = (text: string): { quantity: number; unit: "un" | "kg" } | null => {
  const compact = text.replace(/\s+/g, "");
  const units = compact.match(/^x(\d+(?:[.,]\d+)?)$/i);
  if (units?.[1]) return { quantity: Number(units[1].replace(",", ".")), unit: "un" };
  const kg = compact.match(/^(\d+(?:[.,]\d+)?)kg$/i);
  if (kg?.[1]) return { quantity: Number(kg[1].replace(",", ".")), unit: "kg" };
  return null;
};

/** The product id ending a product link (`/pt/.../tomate-cherry-250g/893601.html`). */
export const productIdFromUrl = (url: string): string | null =>
  new URL(url).pathname.match(/\/(\d+)\.html$/)?.[1] ?? null;

const count = (text: string): number | null => {
  const digits = text.match(/\d+/)?.[0];
  return digits === undefined ? null : Number(digits);
};

/**
 * One order's detail page (`/pt/detalhes-encomenda?orderID=`): what was bought, line by line (name,
 * product id from its link, quantity in units or kg, the price shown), the delivery window, status and
 * totals. Read only: the page's "Encomendar de novo" and cancel controls are never used.
 */
export const getOrderDetail = async (
  context: StoreToolContext,
  input: GetOrderDetailInput,
): Promise<GetOrderDetailResult> => {
  const request = parseOrThrow(getOrderDetailInputSchema, input, "getOrderDetail input");
  const spec = context.registry.orderDetail;
  const page = await readStorePage(
    context,
    "orderDetail",
    orderDetailPageUrl(context.storeUrl, request.orderId),
  );
  const lineRecords = page.lists.lines?.records ?? [];
  if (lineRecords.length === 0 && page.emptyMarker === null) throw listNotFound(spec, "lines", page.url);
  const reader = new RawRecordReader(page.values, spec.values, spec, page.url, "order detail");
  const lineFields = spec.lists.lines?.fields ?? {};
  const lines = lineRecords.map((record) => {
    const line = new RawRecordReader(record, lineFields, spec, page.url, "order line");
    const url = line.requiredLink("href", page.url);
    const productId = productIdFromUrl(url);
    if (productId === null) throw line.changed("href");
    const quantity = line.required("quantity", parseOrderLineQuantity);
    return {
      productId,
      name: line.required("name", (text) => text.trim() || null),
      quantity: quantity.quantity,
      quantityUnit: quantity.unit,
      priceCents: line.parsed("price", parsePriceToCents),
      url,
    };
  });
  const dateText = reader.text("date");
  return {
    order: reader.valid(orderDetailSchema, {
      orderId: request.orderId,
      orderNumber: reader.required("orderNumber", (text) => text.match(/\d{6,12}/)?.[0] ?? null),
      placedOn: reader.required("date", parseOrderDate),
      placedAt: dateText === undefined ? undefined : (parseOrderDateTime(dateText) ?? undefined),
      itemCount: reader.parsed("itemCount", count),
      status: reader.text("status"),
      deliveryStart: reader.parsed("deliveryStart", parseOrderDateTime),
      deliveryEnd: reader.parsed("deliveryEnd", parseOrderDateTime),
      productsTotalCents: reader.parsed("productsTotal", parsePriceToCents),
      shippingCents: reader.parsed("shippingTotal", parsePriceToCents),
      totalCents: reader.parsed("total", parsePriceToCents),
      lines,
    }),
  };
};
