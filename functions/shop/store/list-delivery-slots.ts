import { parsePriceToCents } from "./parse-price";
import { listNotFound, RawRecordReader } from "./raw-record-reader";
import { type DeliverySlot, deliverySlotSchema } from "./store-product";
import { readStorePage, type StoreToolContext } from "./store-tool-context";
import { cartPageUrl } from "./store-urls";

export interface ListDeliverySlotsResult {
  slots: DeliverySlot[];
}

const flag = (text: string | undefined): boolean => text?.trim().toLowerCase() === "true";

const TIME_RANGE = /(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})/;

/**
 * Home-delivery slots, read only: the cart page's `.auc-book-slot__container[data-slots-url]` names the
 * Delivery-Slots fragment; each `.auc-book-slot__slot` carries time, price, free, express, full and
 * after-cutoff flags, each day its warning for unavailable products. Nothing is booked or confirmed
 * (Delivery-BookSlot is a forbidden action).
 */
export const listDeliverySlots = async (context: StoreToolContext): Promise<ListDeliverySlotsResult> => {
  const cartSpec = context.registry.cart;
  const cartPage = await readStorePage(context, "cart", cartPageUrl(context.storeUrl));
  const cartReader = new RawRecordReader(
    cartPage.values,
    cartSpec.values,
    cartSpec,
    cartPage.url,
    "cart page",
  );
  const slotsUrl = cartReader.requiredLink("slotsUrl", cartPage.url);

  const spec = context.registry.deliverySlots;
  const page = await readStorePage(context, "deliverySlots", slotsUrl);
  const slotRecords = page.lists.slots?.records ?? [];
  if (slotRecords.length === 0) {
    if (page.emptyMarker !== null) return { slots: [] };
    throw listNotFound(spec, "slots", page.url);
  }
  const dayFields = spec.lists.days?.fields ?? {};
  const days = new Map<string, { date: string; warning?: string }>();
  for (const record of page.lists.days?.records ?? []) {
    const reader = new RawRecordReader(record, dayFields, spec, page.url, "delivery day");
    const date = reader.required("date", (text) =>
      /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? text.trim() : null,
    );
    const pane = reader.required("pane", (text) => text.trim().replace(/^#/, "") || null);
    days.set(pane, { date, warning: reader.text("warning") });
  }
  const slotFields = spec.lists.slots?.fields ?? {};
  const slots = slotRecords.map((record): DeliverySlot => {
    const reader = new RawRecordReader(record, slotFields, spec, page.url, "delivery slot");
    const day = days.get(reader.required("pane", (text) => text.trim() || null));
    if (!day) throw reader.changed("pane");
    const time = reader.required("time", (text) => (TIME_RANGE.test(text) ? text.trim() : null));
    const [, start = "", end = ""] = time.match(TIME_RANGE) ?? [];
    const isFree = flag(reader.text("isFree"));
    const priceCents = isFree ? 0 : reader.required("price", parsePriceToCents);
    const hasSlotsToBook = flag(reader.text("hasSlotsToBook"));
    const afterCutoff = flag(reader.text("afterCutoff"));
    return reader.valid(deliverySlotSchema, {
      method: "home-delivery",
      date: day.date,
      time,
      start,
      end,
      priceCents,
      isFree,
      express: flag(reader.text("express")),
      bookable: hasSlotsToBook && !afterCutoff,
      full: !hasSlotsToBook,
      afterCutoff,
      dayWarning: day.warning,
    });
  });
  return { slots };
};
