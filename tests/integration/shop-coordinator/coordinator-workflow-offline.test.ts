import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productNamed } from "../shop/store/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "./support/coordinator-harness";

/** Offline (LLM_PROVIDER=none): the whole run on heuristics, against the simulated store in Chromium. */
let harness: CoordinatorHarness;
beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none" });
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

const SWEET_POTATO = "batata doce auchan em cubos para cozer 400g";

describe("the shop-coordinator workflow, offline, on the demo household", () => {
  it("gives every unavailable item suggestions, on heuristics, and says so (seed 000 sections 7 and 8)", async () => {
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
      prune_stock: 1,
    });

    const sweetPotato = result.substitutions.find((s) => s.originalItem.name === SWEET_POTATO);
    const candidates = sweetPotato?.candidates ?? [];
    // Auchan's own labels above national and premium at similar €/kg; the best €/kg (1 kg pack) first.
    expect(candidates[0]?.brandPreference).toBe("store");
    expect(candidates[0]?.name).toBe("batata doce polegar cubos congelada 1kg");
    const auchanRodelas = candidates.findIndex((c) => c.name === "batata doce auchan rodelas congelada 450g");
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
      "RemoveSameProduct",
      "RankCandidates",
      "RecordItem",
      "PruneStock",
      "ScoutSlots",
      "SaveRun",
    ]) {
      expect(stepNames.has(name)).toBe(true);
    }
    expect(execution.steps.filter((step) => step.name === "GenerateQueries")).toHaveLength(5);
  }, 120_000);

  it("catches an item that fails (a specific product the store no longer has) and finishes the run", async () => {
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
    expect(execution.steps.some((step) => step.name === "SearchCandidates" && step.status === "CAUGHT")).toBe(
      true,
    );
    expect(execution.steps.some((step) => step.name === "PruneStock")).toBe(false);
  }, 120_000);
});
