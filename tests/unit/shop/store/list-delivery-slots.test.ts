import { describe, expect, it } from "vitest";
import { listDeliverySlots } from "../../../../functions/shop/store/list-delivery-slots";
import { StorePageChangedError } from "../../../../functions/shop/store/store-errors";
import { contextWith, FakeStoreSession, rawPage, rawRecord } from "./fake-store-session";

const SLOTS_PATH = "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Delivery-Slots";

const slot = (pane: string, time: string, flags: Partial<Record<string, string>>) =>
  rawRecord({
    pane,
    time,
    price: "5.99",
    isFree: "false",
    express: "false",
    hasSlotsToBook: "true",
    afterCutoff: "false",
    ...flags,
  });

const site = (slotsUrl: string | null, slots = [slot("day-2026-01-14", "12:30 - 14:30", {})]) =>
  new FakeStoreSession((url) =>
    url.pathname === "/pt/carrinho-compras"
      ? rawPage({ url: url.href, values: rawRecord({ slotsUrl }) })
      : rawPage({
          url: url.href,
          lists: {
            days: {
              rootSelector: "#shipment-me-content .nav-link-tab.nav-link",
              records: [
                rawRecord({
                  date: "2026-01-14",
                  pane: "#day-2026-01-14",
                  warning: "Existem produtos indisponíveis",
                }),
                rawRecord({ date: "2026-01-15", pane: "#day-2026-01-15", warning: null }),
              ],
            },
            slots: { rootSelector: "#shipment-me-content .auc-book-slot__slot", records: slots },
          },
        }),
  );

describe("listDeliverySlots", () => {
  it("follows the cart's data-slots-url and joins slots to their days", async () => {
    const fake = site(SLOTS_PATH, [
      slot("day-2026-01-14", "12:30 - 14:30", {}),
      slot("day-2026-01-15", "14:30 - 16:30", { isFree: "true", price: "0.00" }),
      slot("day-2026-01-15", "19:00 - 21:00", { hasSlotsToBook: "false" }),
      slot("day-2026-01-14", "09:00 - 11:00", { afterCutoff: "true" }),
    ]);
    const { slots } = await listDeliverySlots(contextWith(fake));
    expect(fake.visited).toEqual(["http://store.test/pt/carrinho-compras", `http://store.test${SLOTS_PATH}`]);
    expect(
      slots.map((s) => [s.date, s.start, s.end, s.priceCents, s.isFree, s.bookable, s.full, s.afterCutoff]),
    ).toEqual([
      ["2026-01-14", "12:30", "14:30", 599, false, true, false, false],
      ["2026-01-15", "14:30", "16:30", 0, true, true, false, false],
      ["2026-01-15", "19:00", "21:00", 599, false, false, true, false],
      ["2026-01-14", "09:00", "11:00", 599, false, false, false, true],
    ]);
    expect(slots[0]?.dayWarning).toBe("Existem produtos indisponíveis");
    expect(slots[1]?.dayWarning).toBeUndefined();
  });

  it("raises StorePageChangedError when the cart no longer names the slots URL", async () => {
    const error = await listDeliverySlots(contextWith(site(null))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorePageChangedError);
    expect((error as StorePageChangedError).selectors).toEqual([".auc-book-slot__container[data-slots-url]"]);
  });

  it("refuses a slots URL that points at the booking endpoint", async () => {
    await expect(
      listDeliverySlots(
        contextWith(site("/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Delivery-BookSlot")),
      ),
    ).rejects.toThrow(/never checks out, pays or books/);
  });
});
