import { describe, expect, it } from "vitest";
import { LlmUnavailable } from "../../../../functions/core/llm";
import { planCartAdditions } from "../../../../functions/shop/domain/plan-to-cart/cart-builder";
import { pruneStock, pruneStockByCadence } from "../../../../functions/shop/domain/pruning/stock-pruner";
import { recommendSlot } from "../../../../functions/shop/domain/slots/slot-scout";
import type {
  CoordinatorCartLine,
  CoordinatorOrder,
  CoordinatorSlot,
} from "../../../../functions/shop/domain/store-shapes";
import { createFakeLlm } from "../../../support/llm/fake-llm";
import { RecordingCoordinatorLogger } from "../../../support/shop/coordinator-fixtures";

const line = (productId: string, name: string, quantity = 1): CoordinatorCartLine => ({
  productId,
  name,
  price: 1,
  available: true,
  categoryPath: [],
  quantity,
});
const order = (placedOn: string, ...lines: Array<[string, string, number]>): CoordinatorOrder => ({
  orderNumber: placedOn,
  placedOn,
  lines: lines.map(([productId, name, quantity]) => ({ productId, name, quantity })),
});

const milk: [string, string, number] = ["m", "leite auchan uht meio gordo slim 1l", 6];
const rice: [string, string, number] = ["r", "arroz carolino auchan 1kg", 2];
const coffee: [string, string, number] = ["c", "café moído delta 250g", 1];
const orders = [
  order("2026-01-14", milk),
  order("2026-01-07", milk, coffee),
  order("2025-12-31", rice, coffee),
];

describe("the StockPruner heuristic (purchase cadence)", () => {
  it("proposes an item bought more recently than it lasts, and keeps one whose cadence is due", () => {
    const cart = [line("m", milk[1], 6), line("r", rice[1]), line("c", coffee[1])];
    const proposals = pruneStockByCadence(cart, orders, "2026-01-21");
    // Coffee comes every 7 days and was last bought 14 days ago: due, so it stays.
    expect(proposals.map((p) => p.productId)).toEqual(["r"]);
    expect(proposals[0]).toMatchObject({
      lastBoughtOn: "2025-12-31",
      daysSinceLastPurchase: 21,
      lastsDays: 30,
    });
    expect(proposals[0]?.reason).toBe("Comprado há 21 dias; costuma durar cerca de 30 dias.");
  });

  it("never proposes an item with no history, nor an unavailable line", () => {
    expect(
      pruneStockByCadence(
        [{ ...line("r", rice[1]), available: false }, line("x", "pão")],
        orders,
        "2026-01-21",
      ),
    ).toEqual([]);
  });

  it("LLM-enhanced: keeps the model's choice among cart lines, and falls back offline", async () => {
    const cart = [line("m", milk[1], 6), line("r", rice[1])];
    const llm = createFakeLlm().onStructured("prune_stock", {
      proposals: [{ productId: "r", reason: "Ainda há arroz." }],
    });
    const viaModel = await pruneStock(
      { llm, logger: new RecordingCoordinatorLogger() },
      { cart, orders, today: "2026-01-21" },
    );
    expect(viaModel).toMatchObject({
      source: "llm",
      proposals: [{ productId: "r", reason: "Ainda há arroz.", lastsDays: 30 }],
    });

    const invented = createFakeLlm().onStructured("prune_stock", {
      proposals: [{ productId: "not-in-cart", reason: "x" }],
    });
    const refused = await pruneStock(
      { llm: invented, logger: new RecordingCoordinatorLogger() },
      { cart, orders, today: "2026-01-21" },
    );
    expect(refused.source).toBe("heuristic");

    const down = createFakeLlm().onStructured("prune_stock", new LlmUnavailable("offline"));
    expect(
      (
        await pruneStock(
          { llm: down, logger: new RecordingCoordinatorLogger() },
          { cart, orders, today: "2026-01-21" },
        )
      ).source,
    ).toBe("heuristic");
  });
});

const slot = (
  date: string,
  start: string,
  end: string,
  priceCents: number,
  extra: Partial<CoordinatorSlot> = {},
): CoordinatorSlot => ({
  date,
  start,
  end,
  priceCents,
  isFree: priceCents === 0,
  express: false,
  bookable: true,
  full: false,
  afterCutoff: false,
  ...extra,
});

describe("the SlotScout", () => {
  const slots = [
    slot("2026-01-22", "10:30", "12:30", 599),
    slot("2026-01-23", "18:30", "20:30", 0, { full: true }),
    slot("2026-01-24", "12:30", "14:30", 0),
    slot("2026-01-24", "10:30", "12:30", 0),
    slot("2026-01-25", "10:30", "12:30", 790),
  ];

  it("recommends the cheapest acceptable slot, then the earliest, skipping full ones", () => {
    const recommendation = recommendSlot(slots, {});
    expect(recommendation.recommended).toMatchObject({ date: "2026-01-24", start: "10:30" });
    expect(recommendation.reason).toContain("Não foi reservado");
    expect(recommendation).toMatchObject({ acceptableCount: 4, totalCount: 5 });
  });

  it("keeps to the household's days, hours and fee", () => {
    expect(recommendSlot(slots, { days: ["thu"] }).recommended).toMatchObject({ date: "2026-01-22" });
    expect(recommendSlot(slots, { days: ["thu"], maxFeeCents: 500 }).recommended).toBeUndefined();
    expect(recommendSlot(slots, { earliestHour: 12 }).recommended).toMatchObject({
      date: "2026-01-24",
      start: "12:30",
    });
  });
});

describe("the CartBuilder (merging past orders)", () => {
  it("adds a product bought in 2 of the last 4 orders that is not in the cart, saying why", () => {
    const additions = planCartAdditions([line("m", milk[1])], orders);
    expect(additions).toEqual([
      {
        productId: "c",
        name: coffee[1],
        quantity: 1,
        why: "recurring_item",
        reason: "Comprado em 2 das últimas 3 encomendas.",
      },
    ]);
  });
});
