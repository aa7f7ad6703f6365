import { parsePriceToCents } from "../extraction/parse-price";
import { listNotFound, RawRecordReader } from "../extraction/raw-record-reader";
import { type DeliverySlot, deliverySlotSchema } from "../store-product";
import { bookDeliveryPageUrl } from "../store-urls";
import { scanCart } from "./scan-cart";
import { readStorePage, type StoreToolContext } from "./store-tool-context";

export interface ListDeliverySlotsResult {
  slots: DeliverySlot[];
  /** True when the cart was empty: a shopper cannot reach the booking page, and there are no slots. */
  cartEmpty?: boolean;
}

const flag = (text: string | undefined): boolean => text?.trim().toLowerCase() === "true";
const optionalFlag = (text: string | undefined): boolean | undefined =>
  text === undefined ? undefined : flag(text);

const TIME_RANGE = /(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Home-delivery slots, read only, reached as a shopper reaches them: the cart first (an empty cart has
 * no booking step), then the booking page (Delivery-BookDelivery). Under "Entrega em Casa"
 * (`#home-delivery-me`) each day tab carries its date, label and warning; each
 * `li.auc-book-slot__slot` its fee and flags, its parent `ul` the date, window and express flag.
 * Nothing is booked or confirmed: no slot is clicked (Delivery-BookSlot) and "Confirmar" is never
 * pressed; both are forbidden actions the browser refuses anyway.
 */
export const listDeliverySlots = async (context: StoreToolContext): Promise<ListDeliverySlotsResult> => {
  const cart = await scanCart(context);
  if (cart.items.length === 0) return { slots: [], cartEmpty: true };

  const spec = context.registry.deliverySlots;
  const page = await readStorePage(context, "deliverySlots", bookDeliveryPageUrl(context.storeUrl));
  const slotRecords = page.lists.slots?.records ?? [];
  if (slotRecords.length === 0) {
    if (page.emptyMarker !== null) return { slots: [] };
    throw listNotFound(spec, "slots", page.url);
  }
  const dayFields = spec.lists.days?.fields ?? {};
  const days = new Map<string, { date: string; label?: string; warning?: string; limited?: boolean }>();
  for (const record of page.lists.days?.records ?? []) {
    const reader = new RawRecordReader(record, dayFields, spec, page.url, "delivery day");
    const date = reader.required("date", (text) => (ISO_DATE.test(text.trim()) ? text.trim() : null));
    const pane = reader.required("pane", (text) => text.trim().replace(/^#/, "") || null);
    days.set(pane, {
      date,
      label: reader.text("label")?.trim(),
      warning: reader.text("warning")?.trim(),
      limited: optionalFlag(reader.text("limitedAvailability")),
    });
  }
  const slotFields = spec.lists.slots?.fields ?? {};
  const slots = slotRecords.map((record): DeliverySlot => {
    const reader = new RawRecordReader(record, slotFields, spec, page.url, "delivery slot");
    const day = days.get(reader.required("pane", (text) => text.trim() || null));
    if (!day) throw reader.changed("pane");
    const date =
      reader.parsed("date", (text) => (ISO_DATE.test(text.trim()) ? text.trim() : null)) ?? day.date;
    const time = reader.required("time", (text) => (TIME_RANGE.test(text) ? text.trim() : null));
    const [, start = "", end = ""] = time.match(TIME_RANGE) ?? [];
    const isFree = flag(reader.text("isFree"));
    const priceCents = isFree ? 0 : reader.required("price", parsePriceToCents);
    const hasSlotsToBook = flag(reader.text("hasSlotsToBook"));
    const afterCutoff = flag(reader.text("afterCutoff"));
    return reader.valid(deliverySlotSchema, {
      method: "home-delivery",
      date,
      time,
      start,
      end,
      priceCents,
      isFree,
      express: flag(reader.text("express")),
      bookable: hasSlotsToBook && !afterCutoff,
      full: !hasSlotsToBook,
      afterCutoff,
      dayWarning: day.warning || undefined,
      dayLabel: day.label || undefined,
      dayLimitedAvailability: day.limited,
      slotId: reader.text("slotId")?.trim(),
    });
  });
  return { slots };
};
