import { z } from "zod";
import { parseOrThrow } from "../../../../core/validation";
import { parseOrderDate, parseOrderDateTime } from "../extraction/parse-order-date";
import { parsePriceToCents } from "../extraction/parse-price";
import { listNotFound, RawRecordReader } from "../extraction/raw-record-reader";
import { type PastOrder, pastOrderSchema } from "../store-product";
import { orderHistoryPageUrl } from "../store-urls";
import { getOrderDetail } from "./get-order-detail";
import { readStorePage, type StoreToolContext } from "./store-tool-context";

export { parseOrderDate } from "../extraction/parse-order-date";

/** Detail pages read for one call at most: each is one more page load. */
export const MAX_ORDERS_WITH_LINES = 10;

export const listPastOrdersInputSchema = z.object({
  /**
   * How many of the most recent orders to open for their lines (the history lists no lines). The
   * default keeps the cart builder's view of "what we usually buy" without opening every order.
   */
  linesForRecentOrders: z.number().int().min(0).max(MAX_ORDERS_WITH_LINES).default(3),
});
export type ListPastOrdersInput = z.input<typeof listPastOrdersInputSchema>;

export interface ListPastOrdersResult {
  orders: PastOrder[];
}

const count = (text: string): number | null => {
  const digits = text.match(/\d+/)?.[0];
  return digits === undefined ? null : Number(digits);
};

/** The `orderID` of a detail link (`/pt/detalhes-encomenda?orderID=a176…`). */
const orderIdOf = (url: string | undefined): string | undefined => {
  if (url === undefined) return undefined;
  const id = new URL(url).searchParams.get("orderID")?.trim();
  return id && /^[\w-]{1,64}$/.test(id) ? id : undefined;
};

/**
 * The household's order history (`/pt/historico-encomendas`), newest first as the site lists it: number,
 * date, item count, total and the detail link of every order; the lines of the most recent ones from
 * their detail pages (`linesForRecentOrders`). An empty history is an empty list.
 */
export const listPastOrders = async (
  context: StoreToolContext,
  input: ListPastOrdersInput = {},
): Promise<ListPastOrdersResult> => {
  const request = parseOrThrow(listPastOrdersInputSchema, input, "listPastOrders input");
  const spec = context.registry.orders;
  const page = await readStorePage(context, "orders", orderHistoryPageUrl(context.storeUrl));
  const orderRecords = page.lists.orders?.records ?? [];
  if (orderRecords.length === 0 && page.emptyMarker === null) throw listNotFound(spec, "orders", page.url);
  const orderFields = spec.lists.orders?.fields ?? {};
  const orders = orderRecords.map((record): PastOrder => {
    const reader = new RawRecordReader(record, orderFields, spec, page.url, "order");
    const detailUrl = reader.link("href", page.url);
    const dateText = reader.text("date");
    return reader.valid(pastOrderSchema, {
      orderNumber: reader.required("orderNumber", (text) => text.match(/\d{6,12}/)?.[0] ?? null),
      placedOn: reader.required("date", parseOrderDate),
      placedAt: dateText === undefined ? undefined : (parseOrderDateTime(dateText) ?? undefined),
      orderId: orderIdOf(detailUrl),
      detailUrl,
      itemCount: reader.parsed("itemCount", count),
      totalCents: reader.parsed("total", parsePriceToCents),
      lines: [],
    });
  });
  for (const order of orders.slice(0, request.linesForRecentOrders)) {
    if (order.orderId === undefined) continue;
    const { order: detail } = await getOrderDetail(context, { orderId: order.orderId });
    order.status = detail.status;
    order.lines = detail.lines
      .filter((line) => line.quantity > 0)
      .map(({ productId, name, quantity, quantityUnit, priceCents, url }) => ({
        productId,
        name,
        quantity,
        quantityUnit,
        priceCents,
        url,
      }));
  }
  return { orders };
};
