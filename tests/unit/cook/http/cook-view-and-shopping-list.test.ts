import { describe, expect, it } from "vitest";
import { CookViewSchema, ShoppingListSchema } from "../../../../functions/cook/domain";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import {
  CHICKEN_STIR_FRY_ID,
  chickenStirFry,
  DINNER,
  GARLIC_BREAD_ID,
  LUNCH,
  mealPath,
  REPLACE_CHICKEN_WITH_TOFU,
  variantId,
} from "../../../support/cook/cook-fixtures";
import { issuePaths, parseErrorBody } from "../../../support/error-body";

const SNAPSHOT = "week-1";
const dinnerVariant = `${mealPath(SNAPSHOT, DINNER)}/variant`;

const plannedHarness = async () => {
  const harness = createCookAppHarness();
  await seedPlan(harness.call, SNAPSHOT);
  return harness;
};

const itemNames = (json: unknown) => ShoppingListSchema.parse(json).items.map((item) => item.name);

describe("GET /cook/{id}", () => {
  it("serves a base recipe by its id, unmodified, as a single main section", async () => {
    const { call } = await plannedHarness();
    const res = await call("GET", `/cook/${CHICKEN_STIR_FRY_ID}`);
    expect(res.status).toBe(200);
    const view = CookViewSchema.parse(res.json());
    expect(view).toMatchObject({
      id: CHICKEN_STIR_FRY_ID,
      name: chickenStirFry.name,
      modified: false,
      base_recipe_id: CHICKEN_STIR_FRY_ID,
      warnings: [],
    });
    expect(view.sections.map((section) => section.role)).toEqual(["main"]);
  });

  it.each([
    ["with raw colons", (id: string) => id],
    ["URL-encoded", (id: string) => encodeURIComponent(id)],
  ])(
    "resolves a variant id %s to the stored compiled recipe with the bundle's sections",
    async (_how, encode) => {
      const { call } = await plannedHarness();
      const created = await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
      expect(created.status).toBe(200);
      const res = await call("GET", `/cook/${encode(variantId(SNAPSHOT, DINNER))}`);
      expect(res.status).toBe(200);
      const view = CookViewSchema.parse(res.json());
      expect(view).toMatchObject({
        id: variantId(SNAPSHOT, DINNER),
        name: "Chicken Stir Fry (modified)",
        modified: true,
        base_recipe_id: CHICKEN_STIR_FRY_ID,
      });
      expect(view.ingredients_raw[0]).toBe("400 g firm tofu");
      expect(view.sections.map((section) => [section.role, section.recipe.id])).toEqual([
        ["main", variantId(SNAPSHOT, DINNER)],
        ["side", GARLIC_BREAD_ID],
      ]);
    },
  );

  it("answers 404 for the variant id of a meal without a variant, and after the variant is cleared", async () => {
    const { call } = await plannedHarness();
    expect((await call("GET", `/cook/${variantId(SNAPSHOT, LUNCH)}`)).status).toBe(404);
    await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    expect((await call("GET", `/cook/${variantId(SNAPSHOT, DINNER)}`)).status).toBe(200);
    expect((await call("DELETE", dinnerVariant)).status).toBe(204);
    expect((await call("GET", `/cook/${variantId(SNAPSHOT, DINNER)}`)).status).toBe(404);
  });

  it("answers 404 for an unknown recipe id and for a variant of an unknown snapshot", async () => {
    const { call } = await plannedHarness();
    expect((await call("GET", "/cook/no-such-recipe")).status).toBe(404);
    expect((await call("GET", `/cook/${variantId("no-such-plan", DINNER)}`)).status).toBe(404);
  });

  it.each([
    ["a variant id with a date that does not exist", `variant:${SNAPSHOT}:2025-02-30:dinner`],
    ["a variant id with an unknown meal type", `variant:${SNAPSHOT}:${DINNER.date}:brunch`],
    ["a variant id with a missing part", `variant:${SNAPSHOT}:${DINNER.date}`],
    ["an id that is neither", "not a recipe id!"],
  ])("answers 400 naming the id for %s", async (_what, id) => {
    const { call } = await plannedHarness();
    const res = await call("GET", `/cook/${encodeURIComponent(id)}`);
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["id"]);
  });
  it("answers 400 naming the id for a path with broken percent-encoding", async () => {
    const { call } = await plannedHarness();
    const res = await call("GET", "/cook/variant%3A%E0%A4%A");
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["id"]);
  });
});

describe("GET /plans/{snapshot_id}/meals/{date}/{meal_type}/cook", () => {
  it("serves an unmodified bundle as its base recipe with a section per dish", async () => {
    const { call } = await plannedHarness();
    const res = await call("GET", `${mealPath(SNAPSHOT, DINNER)}/cook`);
    expect(res.status).toBe(200);
    const view = CookViewSchema.parse(res.json());
    expect(view.modified).toBe(false);
    expect(view.sections.map((section) => [section.role, section.recipe.id])).toEqual([
      ["main", CHICKEN_STIR_FRY_ID],
      ["side", GARLIC_BREAD_ID],
    ]);
  });

  it("serves a modified meal as its compiled variant", async () => {
    const { call } = await plannedHarness();
    await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    const view = CookViewSchema.parse((await call("GET", `${mealPath(SNAPSHOT, DINNER)}/cook`)).json());
    expect(view.modified).toBe(true);
    expect(view.id).toBe(variantId(SNAPSHOT, DINNER));
  });

  it("answers 404 for a meal that is not planned", async () => {
    const { call } = await plannedHarness();
    const res = await call("GET", `${mealPath(SNAPSHOT, { date: "2025-01-09", meal_type: "snack" })}/cook`);
    expect(res.status).toBe(404);
  });
});

describe("GET /plans/{snapshot_id}/shopping-list", () => {
  it("lists the variant's tofu and no chicken once the chicken is replaced (seed 001's acceptance test)", async () => {
    const { call } = await plannedHarness();
    const before = await call("GET", `/plans/${SNAPSHOT}/shopping-list`);
    expect(before.status).toBe(200);
    expect(itemNames(before.json()).some((name) => name.includes("chicken"))).toBe(true);

    await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    const after = ShoppingListSchema.parse((await call("GET", `/plans/${SNAPSHOT}/shopping-list`)).json());
    const names = after.items.map((item) => item.name);
    expect(names.some((name) => name.includes("tofu"))).toBe(true);
    expect(names.some((name) => name.includes("chicken"))).toBe(false);
    const tofu = after.items.find((item) => item.name.includes("tofu"));
    expect(tofu?.sources).toEqual([
      { date: DINNER.date, meal_type: DINNER.meal_type, recipe_id: variantId(SNAPSHOT, DINNER) },
    ]);
  });

  it("merges the garlic of the main dish and its side, keeping both meals' provenance", async () => {
    const { call } = await plannedHarness();
    const list = ShoppingListSchema.parse((await call("GET", `/plans/${SNAPSHOT}/shopping-list`)).json());
    const garlic = list.items.find((item) => item.name === "garlic");
    expect(garlic).toMatchObject({ quantity: 4, unit: "clove" });
    expect(garlic?.sources.map((source) => source.recipe_id).sort()).toEqual([
      CHICKEN_STIR_FRY_ID,
      GARLIC_BREAD_ID,
    ]);
    expect(list.unparsed).toEqual([]);
  });

  it("answers 404 for a snapshot that does not exist", async () => {
    const { call } = await plannedHarness();
    expect((await call("GET", "/plans/no-such-plan/shopping-list")).status).toBe(404);
  });
});
