import { parsePriceToCents } from "./parse-price";
import { parsePositiveQuantity } from "./parse-quantity";
import { listNotFound, RawRecordReader } from "./raw-record-reader";
import { type PastOrder, pastOrderLineSchema, pastOrderSchema } from "./store-product";
import { readStorePage, type StoreToolContext } from "./store-tool-context";
import { orderHistoryPageUrl } from "./store-urls";

export interface ListPastOrdersResult {
  orders: PastOrder[];
}

/** `2025-12-20` (data attribute) or `20/12/2025` (pt-PT text) → ISO date. */
export const parseOrderDate = (text: string): string | null => {
  const iso = text.match(/\b(\d{4})-(\d{2})-(\d{2})\b/);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const portuguese = text.match(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/);
  if (!portuguese) return null;
  const [, day = "", month = "", year = ""] = portuguese;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
};

/**
 * The household's order history (`/pt/historico-encomendas`), newest first as the site lists it, each
 * order with its lines: what the cart builder merges into a new cart.
 */
export const listPastOrders = async (context: StoreToolContext): Promise<ListPastOrdersResult> => {
  const spec = context.registry.orders;
  const page = await readStorePage(context, "orders", orderHistoryPageUrl(context.storeUrl));
  const orderRecords = page.lists.orders?.records ?? [];
  if (orderRecords.length === 0 && page.emptyMarker === null) throw listNotFound(spec, "orders", page.url);
  const orderFields = spec.lists.orders?.fields ?? {};
  const lineFields = spec.lists.orderLines?.fields ?? {};
  const orders = orderRecords.map((record): PastOrder => {
    const reader = new RawRecordReader(record, orderFields, spec, page.url, "order");
    return reader.valid(pastOrderSchema, {
      orderNumber: reader.required("orderNumber", (text) => text.trim() || null),
      placedOn: reader.required("date", parseOrderDate),
      status: reader.text("status"),
      totalCents: reader.parsed("total", parsePriceToCents),
      lines: [],
    });
  });
  const byNumber = new Map(orders.map((order) => [order.orderNumber, order]));
  for (const record of page.lists.orderLines?.records ?? []) {
    const reader = new RawRecordReader(record, lineFields, spec, page.url, "order line");
    const order = byNumber.get(reader.required("orderNumber", (text) => text.trim() || null));
    if (!order) throw reader.changed("orderNumber");
    order.lines.push(
      reader.valid(pastOrderLineSchema, {
        productId: reader.required("productId", (text) => text.trim() || null),
        name: reader.required("name", (text) => text.trim() || null),
        quantity: reader.required("quantity", parsePositiveQuantity),
        priceCents: reader.parsed("price", parsePriceToCents),
        url: reader.link("href", page.url),
      }),
    );
  }
  return { orders };
};
