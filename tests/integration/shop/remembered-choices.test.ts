import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoSubstitutionChoices } from "../../../functions/shop/adapters/dynamo-substitution-choices";
import { createStoreTools } from "../../../functions/shop/adapters/store";
import { containerStoreBrowser } from "../../../functions/shop/adapters/store/playwright";
import { storePortOver } from "../../../functions/shop/adapters/store-port-adapter";
import {
  HOUSEHOLD_CHOICE_PREFIX,
  HOUSEHOLD_REJECTED_PREFIX,
} from "../../../functions/shop/domain/choices/substitution-choice";
import type { Decision } from "../../../functions/shop/domain/runs/decision";
import { applyDecisions } from "../../../functions/shop/domain/use-cases/apply-decisions";
import {
  forgetSubstitutionChoice,
  listSubstitutionChoices,
} from "../../../functions/shop/domain/use-cases/substitution-choices";
import { productNamed } from "../../support/shop/catalog-fixture";
import { type CoordinatorHarness, startCoordinatorHarness } from "../../support/shop/coordinator-harness";
import { scaledTimeout } from "../../support/test-timeouts";

/**
 * Issue 46 on DynamoDB Local, the simulated store in Chromium and the coordinator's real ASL: a household's
 * decisions are remembered from week to week. Week 1 accepts the third-ranked substitute for one product
 * and rejects the first for another; week 2 ranks the accepted one first ("Escolha da casa", with the day)
 * and the rejected one last, not strong; after DELETE, week 3 ranks as week 1; another tenant sees none.
 */
let harness: CoordinatorHarness;
beforeAll(async () => {
  harness = await startCoordinatorHarness({ LLM_PROVIDER: "none" });
}, scaledTimeout(60_000));
afterAll(async () => {
  await harness?.close();
});

const TENANT = "tenant-remembers";
const OTHER_TENANT = "tenant-other";
const HOUSEHOLD = "household-remembers";
const sweetPotato = productNamed("batata doce auchan em cubos para cozer 400g");
const greekYoghurt = productNamed("iogurte grego natural auchan 4x115g");

/** The household's usual cart: two products the store has run out of. */
const usualCart = () =>
  harness.store.seedHousehold(HOUSEHOLD, {
    cart: [
      { productId: sweetPotato.productId, quantity: 1 },
      { productId: greekYoghurt.productId, quantity: 1 },
    ],
    orders: [],
  });

const weekRun = async () => {
  usualCart();
  const { header } = await harness.run(TENANT, HOUSEHOLD, { skipSlots: true });
  expect(header.status).toBe("succeeded");
  const candidatesOf = (productId: string) =>
    header.result?.substitutions.find((s) => s.originalItem.productId === productId)?.candidates ?? [];
  return {
    runId: header.runId,
    potato: candidatesOf(sweetPotato.productId),
    yoghurt: candidatesOf(greekYoghurt.productId),
  };
};

const storeOf = async () => {
  const storeUrl = new URL(harness.store.url);
  const tools = createStoreTools({
    browser: containerStoreBrowser({ storeUrl, timeoutMs: 15_000 }),
    storeUrl,
    householdId: HOUSEHOLD,
  });
  return { ...storePortOver(tools), close: () => tools.close() };
};

const choicesOf = (tenant: string) => createDynamoSubstitutionChoices(harness.table.forTenant(tenant));

const decide = (runId: string, decisions: Decision[]) =>
  applyDecisions(
    { runs: harness.runsOf(TENANT), store: storeOf, now: () => new Date(), choices: choicesOf(TENANT) },
    { runId, decisions },
  );

describe("a household's substitution choices, remembered from week to week", () => {
  it(
    "week 2 ranks the accepted first and the rejected last; after DELETE week 3 ranks as week 1; another tenant sees none",
    async () => {
      const week1 = await weekRun();
      expect(week1.potato.length).toBeGreaterThanOrEqual(3);
      expect(week1.yoghurt.length).toBeGreaterThanOrEqual(2);
      const accepted = week1.potato[2]?.productId as string;
      const rejected = week1.yoghurt[0]?.productId as string;
      const decisions: Decision[] = [
        { originalProductId: sweetPotato.productId, action: "accept", productId: accepted },
        { originalProductId: greekYoghurt.productId, action: "reject" },
      ];
      const answer = await decide(week1.runId, decisions);
      expect(answer.results.map((r) => r.outcome)).toEqual(["applied", "recorded"]);
      // The same decisions arriving again are answered, and remembered once.
      await decide(week1.runId, decisions);
      const listed = await listSubstitutionChoices({ choices: choicesOf(TENANT) }, { limit: 10 });
      expect(listed.choices.map((c) => [c.originalProductId, c.substituteProductId, c.verdict])).toEqual(
        expect.arrayContaining([
          [sweetPotato.productId, accepted, "accepted"],
          [greekYoghurt.productId, rejected, "rejected"],
        ]),
      );
      expect(listed.choices).toHaveLength(2);
      const paged = await listSubstitutionChoices({ choices: choicesOf(TENANT) }, { limit: 1 });
      expect(paged.choices).toHaveLength(1);
      expect(paged.nextCursor).toBeDefined();
      const today = new Date().toISOString().slice(0, 10);

      // Week 2: the household's usual cart again; its choices rank first and last.
      const week2 = await weekRun();
      expect(week2.potato[0]?.productId).toBe(accepted);
      expect(week2.potato[0]?.recommendation).toBe("strong");
      expect(week2.potato[0]?.reason).toContain(`${HOUSEHOLD_CHOICE_PREFIX}: aceite em ${today}`);
      // The rejected one ranks after every other: last, not strong, saying so; with five others before it,
      // it falls out of the five a recommendation shows.
      const week2Yoghurt = week2.yoghurt.map((c) => c.productId);
      const rejectedAt = week2Yoghurt.indexOf(rejected);
      if (rejectedAt >= 0) {
        expect(rejectedAt).toBe(week2Yoghurt.length - 1);
        expect(week2.yoghurt[rejectedAt]?.recommendation).not.toBe("strong");
        expect(week2.yoghurt[rejectedAt]?.reason).toContain(`${HOUSEHOLD_REJECTED_PREFIX} em ${today}`);
      } else {
        expect(week2Yoghurt).toHaveLength(5);
      }
      expect(week2Yoghurt.slice(0, week1.yoghurt.length - 1)).toEqual(
        week1.yoghurt.slice(1).map((c) => c.productId),
      );

      // Another tenant sees none of it.
      expect(
        (await listSubstitutionChoices({ choices: choicesOf(OTHER_TENANT) }, { limit: 10 })).choices,
      ).toEqual([]);
      expect(
        (await choicesOf(OTHER_TENANT).forOriginals([sweetPotato.productId, greekYoghurt.productId])).size,
      ).toBe(0);
      await expect(
        forgetSubstitutionChoice({ choices: choicesOf(OTHER_TENANT) }, sweetPotato.productId),
      ).rejects.toMatchObject({ code: "substitution_choice_not_found" });

      // DELETE both: week 3 ranks as week 1 did.
      await forgetSubstitutionChoice({ choices: choicesOf(TENANT) }, sweetPotato.productId);
      await forgetSubstitutionChoice({ choices: choicesOf(TENANT) }, greekYoghurt.productId);
      expect((await listSubstitutionChoices({ choices: choicesOf(TENANT) }, { limit: 10 })).choices).toEqual(
        [],
      );
      const week3 = await weekRun();
      const order = (candidates: typeof week1.potato) =>
        candidates.map((c) => [c.productId, c.recommendation]);
      expect(order(week3.potato)).toEqual(order(week1.potato));
      expect(order(week3.yoghurt)).toEqual(order(week1.yoghurt));
    },
    scaledTimeout(240_000),
  );
});
