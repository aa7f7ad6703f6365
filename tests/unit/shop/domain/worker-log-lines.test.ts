import { describe, expect, it } from "vitest";
import type { CoordinatorCartLine } from "../../../../functions/shop/domain/store-shapes";
import { SEED_BRAND_TIERS } from "../../../../functions/shop/domain/substitution/brand-tiers";
import {
  generateItemQueries,
  originalItemFromCartLine,
} from "../../../../functions/shop/domain/substitution/substitution-worker";
import { scanCartStep } from "../../../../functions/shop/domain/use-cases/scan-cart-step";
import { createFakeLlm } from "../../../support/llm/fake-llm";
import { RecordingCoordinatorLogger } from "../../../support/shop/coordinator-fixtures";
import { createInMemoryShopRunRepository } from "../../../support/shop/in-memory-shop-run-repository";

const line = (productId: string, name: string, available: boolean): CoordinatorCartLine => ({
  productId,
  name,
  price: 1.69,
  available,
  quantity: 1,
  categoryPath: [],
});

describe("seed 000's worker log lines", () => {
  it("logs scanning the cart, the unavailable items found, and each item's search for substitutes", async () => {
    const logger = new RecordingCoordinatorLogger();
    const cart = [
      line("1", "batata doce auchan em cubos para cozer 400g", false),
      line("2", "arroz 1kg", true),
    ];
    const { items } = await scanCartStep(
      { runs: createInMemoryShopRunRepository(), store: { scanCart: async () => cart }, logger },
      { tenant: "t", runId: "run_1", householdId: "h" },
    );
    await generateItemQueries(
      { llm: createFakeLlm(), logger, tiers: SEED_BRAND_TIERS },
      originalItemFromCartLine(items[0]?.item as CoordinatorCartLine),
    );
    const info = logger.records.filter((r) => r.level === "info");
    expect(info.map((r) => r.message).slice(0, 3)).toEqual([
      "Scanning cart for unavailable items",
      "Found unavailable items",
      "Finding substitutes",
    ]);
    expect(info[1]?.extra).toMatchObject({ count: 1 });
    expect(info[2]?.extra).toMatchObject({ item: "batata doce auchan em cubos para cozer 400g" });
  });
});
