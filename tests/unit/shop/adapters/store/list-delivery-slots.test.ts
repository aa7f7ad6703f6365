import { describe, expect, it } from "vitest";
import type { RawRecord } from "../../../../../functions/shop/adapters/store/extraction/page-extraction";
import { StorePageChangedError } from "../../../../../functions/shop/adapters/store/store-errors";
import { listDeliverySlots } from "../../../../../functions/shop/adapters/store/tools/list-delivery-slots";
import {
  contextWith,
  FakeStoreSession,
  rawPage,
  rawRecord,
} from "../../../../support/shop/fake-store-session";

const CART = "http://store.test/pt/carrinho-compras";
const BOOKING = "http://store.test/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Delivery-BookDelivery";

const cartLine = rawRecord({ productId: "3010403", name: "leite 1l", quantity: "2.0", lineTotal: "1,72 €" });

/** A slot as the booking page holds it: fee and flags on the `li`, date, window, express on its `ul`. */
const slot = (pane: string, date: string, time: string, flags: Partial<Record<string, string>> = {}) =>
  rawRecord({
    pane,
    date,
    time,
    express: "false",
    slotId: `${date}-${time}`.replace(/[^\w-]/g, ""),
    price: "5,99 €",
    isFree: "false",
    hasSlotsToBook: "true",
    afterCutoff: "false",
    ...flags,
  });

const days = [
  rawRecord({
    date: "2026-01-14",
    label: "Hoje",
    pane: "#week-day-0-me-x1y2z",
    limitedAvailability: "false",
    warning: "Tem produtos adicionados não disponíveis para entrega, neste dia.",
  }),
  rawRecord({
    date: "2026-01-18",
    label: "Domingo",
    pane: "#week-day-1-me-x1y2z",
    limitedAvailability: "false",
    warning: null,
  }),
];

const site = (options: { cartLines?: RawRecord[]; slots?: RawRecord[]; bookingEmpty?: boolean }) =>
  new FakeStoreSession((url) =>
    url.pathname === "/pt/carrinho-compras"
      ? rawPage({
          url: url.href,
          emptyMarker: options.cartLines?.length === 0 ? ".cart.cart-empty.auc-cart--empty" : null,
          lists: { lines: { rootSelector: null, records: options.cartLines ?? [cartLine] } },
        })
      : rawPage({
          url: url.href,
          emptyMarker: options.bookingEmpty ? "placeholder without slots" : null,
          lists: {
            days: { rootSelector: "days", records: days },
            slots: { rootSelector: "slots", records: options.slots ?? [] },
          },
        }),
  );

describe("listDeliverySlots", () => {
  it("goes from the cart to the booking page and joins each slot to its day", async () => {
    const fake = site({
      slots: [
        slot("week-day-0-me-x1y2z", "2026-01-14", "12:30 - 14:30"),
        slot("week-day-1-me-x1y2z", "2026-01-18", "10:30 - 12:30", { price: "7,90 €" }),
        slot("week-day-1-me-x1y2z", "2026-01-18", "14:30 - 16:30", { isFree: "true", price: "0,00 €" }),
        slot("week-day-1-me-x1y2z", "2026-01-18", "16:30 - 18:30", { hasSlotsToBook: "false" }),
        slot("week-day-0-me-x1y2z", "2026-01-14", "10:30 - 12:30", { afterCutoff: "true", express: "true" }),
      ],
    });
    const { slots } = await listDeliverySlots(contextWith(fake));
    expect(fake.visited).toEqual([CART, BOOKING]);
    expect(
      slots.map((s) => [
        s.date,
        s.start,
        s.end,
        s.priceCents,
        s.isFree,
        s.express,
        s.bookable,
        s.full,
        s.afterCutoff,
      ]),
    ).toEqual([
      ["2026-01-14", "12:30", "14:30", 599, false, false, true, false, false],
      ["2026-01-18", "10:30", "12:30", 790, false, false, true, false, false],
      ["2026-01-18", "14:30", "16:30", 0, true, false, true, false, false],
      ["2026-01-18", "16:30", "18:30", 599, false, false, false, true, false],
      ["2026-01-14", "10:30", "12:30", 599, false, true, false, false, true],
    ]);
    expect(slots[0]).toMatchObject({
      dayLabel: "Hoje",
      dayLimitedAvailability: false,
      dayWarning: "Tem produtos adicionados não disponíveis para entrega, neste dia.",
      slotId: "2026-01-14-1230-1430",
    });
    expect(slots[1]).toMatchObject({ dayLabel: "Domingo", dayWarning: undefined });
  });

  it("stops at an empty cart: no booking step, no slots", async () => {
    const fake = site({ cartLines: [] });
    expect(await listDeliverySlots(contextWith(fake))).toEqual({ slots: [], cartEmpty: true });
    expect(fake.visited).toEqual([CART]);
  });

  it("returns no slots when the booking page says it has none", async () => {
    expect((await listDeliverySlots(contextWith(site({ bookingEmpty: true })))).slots).toEqual([]);
  });

  it("raises StorePageChangedError naming the slot selectors when the booking page has neither slots nor its empty state", async () => {
    const error = await listDeliverySlots(contextWith(site({}))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual([
      "#home-delivery-me .tab-pane[id^='week-day-'] ul.auc-book-slot__slots > li.auc-book-slot__slot",
    ]);
    expect((error as StorePageChangedError).url).toBe(BOOKING);
  });

  it("raises StorePageChangedError naming the pane when a slot sits under no day tab", async () => {
    const fake = site({ slots: [slot("week-day-9-me-x", "2026-01-20", "12:30 - 14:30")] });
    const error = await listDeliverySlots(contextWith(fake)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).message).toContain('delivery slot field "pane"');
  });
});
