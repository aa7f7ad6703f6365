import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreTools } from "../../../functions/shop/adapters/store";
import { containerStoreBrowser } from "../../../functions/shop/adapters/store/playwright";
import { storePortOver } from "../../../functions/shop/adapters/store-port-adapter";
import { applyDecisions } from "../../../functions/shop/domain/use-cases/apply-decisions";
import { productNamed } from "../../support/shop/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/** Offline (LLM_PROVIDER=none): the whole run on heuristics, against the simulated store in Chromium. */
let harness: CoordinatorHarness;
beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none" });
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
});

const SWEET_POTATO = "batata doce auchan em cubos para cozer 400g";

describe("the shop-coordinator workflow, offline, on the demo household", () => {
  it(
    "gives every unavailable item suggestions, on heuristics, and says so (seed 000 sections 7 and 8)",
    async () => {
      const householdId = harness.store.seedDemoHousehold();
      const { header, execution } = await harness.run("tenant-offline", householdId);
      expect(execution.status).toBe("SUCCEEDED");
      expect(header.status).toBe("succeeded");
      const result = header.result;
      if (!result) throw new Error("no result");
      expect(result.totalUnavailable).toBe(5);
      expect(result.totalWithSubstitutes).toBe(5);
      expect(result.substitutions.every((s) => s.status === "substitutes_found")).toBe(true);
      expect(result.offline).toBe(true);
      expect(result.heuristicSteps).toMatchObject({
        generate_search_query: 5,
        rank_substitutes_by_value: 5,
        explain_substitutes: 5,
        prune_stock: 1,
      });

      const sweetPotato = result.substitutions.find((s) => s.originalItem.name === SWEET_POTATO);
      const candidates = sweetPotato?.candidates ?? [];
      // Auchan's own labels above national and premium at similar €/kg; the best €/kg (1 kg pack) first.
      expect(candidates[0]?.brandPreference).toBe("store");
      expect(candidates[0]?.name).toBe("batata doce polegar cubos congelada 1kg");
      const auchanRodelas = candidates.findIndex(
        (c) => c.name === "batata doce auchan rodelas congelada 450g",
      );
      const ardo = candidates.findIndex((c) => c.name === "batata doce em cubos congelada ardo 750g");
      if (auchanRodelas >= 0 && ardo >= 0) expect(auchanRodelas).toBeLessThan(ardo);
      // The category guard kept frozen vegetables only: no fries, no fresh sweet potato.
      for (const candidate of candidates) {
        expect(candidate.name).not.toMatch(/frita|cultivamos o bom|^batata doce kg$/);
        expect(candidate.reason).toMatch(/€\/kg/);
      }
      // Never books, never checks out.
      expect(harness.store.householdState(householdId)).toMatchObject({
        slotBookingAttempts: 0,
        checkoutAttempts: 0,
      });
      expect(result.recommendedSlot?.recommended).toBeDefined();
      expect(result.recommendedSlot?.reason).toContain("Não foi reservado");

      const items = await harness.runsOf("tenant-offline").listItems(header.runId);
      const sweetPotatoItem = items.find((item) => item.name === SWEET_POTATO);
      expect(sweetPotatoItem?.queries?.primaryQuery).toBe("batata doce cubos");
      expect(sweetPotatoItem?.queries?.primaryQuery).not.toMatch(/auchan|400g/);

      // Every LLM component and every store call is a Task of its own in the execution history.
      const stepNames = new Set(execution.steps.map((step) => step.name));
      for (const name of [
        "BuildCart",
        "ScanCart",
        "GenerateQueries",
        "SearchCandidates",
        "RankCandidates",
        "GenerateReasons",
        "RecordItem",
        "PruneStock",
        "ScoutSlots",
        "SaveRun",
      ]) {
        expect(stepNames.has(name)).toBe(true);
      }
      expect(execution.steps.filter((step) => step.name === "GenerateQueries")).toHaveLength(5);
    },
    scaledTimeout(120_000),
  );

  it(
    "catches an item that fails (a specific product the store no longer has) and finishes the run",
    async () => {
      const householdId = "household-failing-item";
      const fiambre = productNamed("fiambre da pá auchan fatias 200g");
      const sweetPotato = productNamed(SWEET_POTATO);
      harness.store.seedHousehold(householdId, {
        cart: [
          { productId: fiambre.productId, quantity: 1 },
          { productId: sweetPotato.productId, quantity: 2 },
        ],
      });
      await harness.setPreferences("tenant-failing", {
        itemPolicies: { [fiambre.productId]: { policy: "specific", productIds: ["1234567"] } },
      });
      const { header, execution } = await harness.run("tenant-failing", householdId, {
        skipPrune: true,
        skipSlots: true,
      });
      expect(execution.status).toBe("SUCCEEDED");
      expect(header.result?.failedItems).toEqual([
        expect.objectContaining({ productId: fiambre.productId, error: "NotFoundError" }),
      ]);
      expect(header.result?.totalUnavailable).toBe(2);
      expect(header.result?.totalWithSubstitutes).toBe(1);
      expect(
        execution.steps.some((step) => step.name === "SearchCandidates" && step.status === "CAUGHT"),
      ).toBe(true);
      expect(execution.steps.some((step) => step.name === "PruneStock")).toBe(false);
    },
    scaledTimeout(120_000),
  );

  it(
    "applies an accepted substitute and a prune through the store tools: the store's cart shows them",
    async () => {
      const householdId = "household-decisions";
      const sweetPotato = productNamed(SWEET_POTATO);
      const rice = productNamed("arroz carolino auchan 1kg");
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      harness.store.seedHousehold(householdId, {
        cart: [
          { productId: sweetPotato.productId, quantity: 2 },
          { productId: rice.productId, quantity: 1 },
        ],
        orders: [{ placedOn: daysAgo(10), lines: [{ productId: rice.productId, quantity: 2 }] }],
      });
      const { header } = await harness.run("tenant-decisions", householdId, { skipSlots: true });
      const substitute = header.result?.substitutions[0]?.candidates[0];
      expect(header.result?.pruned.map((p) => p.productId)).toEqual([rice.productId]);
      if (!substitute) throw new Error("no substitute");

      const storeUrl = new URL(harness.store.url);
      const outcome = await applyDecisions(
        {
          runs: harness.runsOf("tenant-decisions"),
          store: async () => {
            const tools = createStoreTools({
              browser: containerStoreBrowser({ storeUrl, timeoutMs: 15_000 }),
              storeUrl,
              householdId,
            });
            return { ...storePortOver(tools), close: () => tools.close() };
          },
          now: () => new Date(),
        },
        {
          runId: header.runId,
          decisions: [
            { originalProductId: sweetPotato.productId, action: "accept", productId: substitute.productId },
            { pruneProductId: rice.productId, action: "remove" },
          ],
        },
      );
      expect(outcome.results.map((r) => r.outcome)).toEqual(["applied", "applied"]);
      const cart = harness.store.householdState(householdId).cart;
      // The substitute covers the original's 2 × 400 g (issue 24), not its count: the reason says how.
      const added = outcome.results[0]?.changes[0];
      expect(added?.reason).toContain("800 g");
      expect(cart.map((line) => [line.productId, line.quantity])).toEqual([
        [substitute.productId, added?.quantity],
      ]);
    },
    scaledTimeout(120_000),
  );

  it(
    "never lets two tenants' concurrent runs touch each other's cart",
    async () => {
      const sweetPotato = productNamed(SWEET_POTATO);
      const coffee = productNamed("café moído delta 250g");
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      // Household B buys coffee every week: BuildCart adds it to B's cart, and only B's.
      harness.store.seedHousehold("household-a", {
        cart: [{ productId: sweetPotato.productId, quantity: 1 }],
      });
      harness.store.seedHousehold("household-b", {
        cart: [{ productId: sweetPotato.productId, quantity: 3 }],
        orders: [
          { placedOn: daysAgo(7), lines: [{ productId: coffee.productId, quantity: 1 }] },
          { placedOn: daysAgo(14), lines: [{ productId: coffee.productId, quantity: 1 }] },
        ],
      });
      const options = { skipPrune: true, skipSlots: true };
      const [a, b] = await Promise.all([
        harness.run("tenant-a", "household-a", options),
        harness.run("tenant-b", "household-b", options),
      ]);
      expect(a.header.result?.cartAdditions).toEqual([]);
      expect(b.header.result?.cartAdditions.map((line) => line.productId)).toEqual([coffee.productId]);
      expect(harness.store.householdState("household-a").cart.map((l) => [l.productId, l.quantity])).toEqual([
        [sweetPotato.productId, 1],
      ]);
      expect(harness.store.householdState("household-b").cart.map((l) => [l.productId, l.quantity])).toEqual([
        [sweetPotato.productId, 3],
        [coffee.productId, 1],
      ]);
      expect(a.header.result?.substitutions[0]?.originalItem.quantity).toBe(1);
      expect(b.header.result?.substitutions[0]?.originalItem.quantity).toBe(3);
      // Each tenant's run is its own: the other tenant's repository does not see it.
      expect(await harness.runsOf("tenant-b").getRun(a.header.runId)).toBeUndefined();
    },
    scaledTimeout(120_000),
  );
});
