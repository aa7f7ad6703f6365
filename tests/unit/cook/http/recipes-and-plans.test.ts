import { describe, expect, it } from "vitest";
import { RecipeSchema, SnapshotViewSchema } from "../../../../functions/cook/domain";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import {
  CHICKEN_STIR_FRY_ID,
  chickenStirFry,
  DINNER,
  GARLIC_BREAD_ID,
  LENTIL_SOUP_ID,
  LUNCH,
  planBody,
} from "../../../support/cook/cook-fixtures";
import { issuePaths, parseErrorBody } from "../../../support/error-body";

describe("PUT and GET /recipes/{recipe_id}", () => {
  it("creates a recipe with 201, replaces it with 200, and serves the latest with GET", async () => {
    const { call } = createCookAppHarness();
    const created = await call("PUT", `/recipes/${CHICKEN_STIR_FRY_ID}`, { body: chickenStirFry });
    expect(created.status).toBe(201);
    expect(RecipeSchema.parse(created.json())).toEqual({ recipe_id: CHICKEN_STIR_FRY_ID, ...chickenStirFry });

    const renamed = { ...chickenStirFry, name: "Weeknight Stir Fry" };
    const replaced = await call("PUT", `/recipes/${CHICKEN_STIR_FRY_ID}`, { body: renamed });
    expect(replaced.status).toBe(200);

    const read = await call("GET", `/recipes/${CHICKEN_STIR_FRY_ID}`);
    expect(read.status).toBe(200);
    expect(RecipeSchema.parse(read.json()).name).toBe("Weeknight Stir Fry");
  });

  it("answers 404 for a recipe that does not exist", async () => {
    const { call } = createCookAppHarness();
    const res = await call("GET", "/recipes/no-such-recipe");
    expect(res.status).toBe(404);
    expect(parseErrorBody(res.json()).code).toBe("not_found");
  });

  it.each([
    ["a missing name", { ingredients_raw: ["1 egg"], steps: [] }, ["body.name"]],
    [
      "ingredients that are not strings",
      { name: "X", ingredients_raw: [1, 2], steps: [] },
      ["body.ingredients_raw.0", "body.ingredients_raw.1"],
    ],
    ["servings as a string", { ...chickenStirFry, servings: "four" }, ["body.servings"]],
    ["no ingredients", { ...chickenStirFry, ingredients_raw: [] }, ["body.ingredients_raw"]],
  ])("answers 400 naming the field for %s", async (_what, body, paths) => {
    const { call } = createCookAppHarness();
    const res = await call("PUT", "/recipes/bad-recipe", { body });
    expect(res.status).toBe(400);
    const error = parseErrorBody(res.json());
    expect(error.code).toBe("validation");
    expect(issuePaths(error.details)).toEqual(paths);
  });

  it("answers 400 naming the path parameter for a recipe id with a colon", async () => {
    const { call } = createCookAppHarness();
    const res = await call("PUT", "/recipes/bad:id", { body: chickenStirFry });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["path.recipe_id"]);
  });

  it("answers 400 malformed_request for a body that is not JSON", async () => {
    const { call } = createCookAppHarness();
    const res = await call("PUT", `/recipes/${CHICKEN_STIR_FRY_ID}`, {
      body: '{"name": "Stir Fry", "ingredients_raw": [',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(parseErrorBody(res.json()).code).toBe("malformed_request");
  });

  it("answers 413 for a body over the limit, before parsing it", async () => {
    const { call } = createCookAppHarness({ maxBodyBytes: 2048 });
    const res = await call("PUT", `/recipes/${CHICKEN_STIR_FRY_ID}`, {
      body: { ...chickenStirFry, steps: ["x".repeat(4096)] },
    });
    expect(res.status).toBe(413);
    expect(parseErrorBody(res.json()).code).toBe("body_too_large");
  });
});

describe("POST and GET /plans", () => {
  it("stores a snapshot with 201 and serves it with every meal unmodified", async () => {
    const { call } = createCookAppHarness();
    await seedPlan(call, "week-1");
    const res = await call("GET", "/plans/week-1");
    expect(res.status).toBe(200);
    const snapshot = SnapshotViewSchema.parse(res.json());
    expect(snapshot.snapshot_id).toBe("week-1");
    expect(
      snapshot.planned_meals.map((meal) => [meal.date, meal.meal_type, meal.recipe_id, meal.modified]),
    ).toEqual([
      [DINNER.date, DINNER.meal_type, CHICKEN_STIR_FRY_ID, false],
      [LUNCH.date, LUNCH.meal_type, LENTIL_SOUP_ID, false],
    ]);
    expect(snapshot.planned_meals[0]?.components).toEqual([{ role: "side", recipe_id: GARLIC_BREAD_ID }]);
    expect(snapshot.planned_meals.every((meal) => meal.variant === undefined)).toBe(true);
  });

  it("generates a snapshot id when the body has none", async () => {
    const { call } = createCookAppHarness();
    await seedPlan(call, "week-1");
    const { snapshot_id: _omitted, ...withoutId } = planBody("unused");
    const res = await call("POST", "/plans", { body: withoutId });
    expect(res.status).toBe(201);
    const generated = SnapshotViewSchema.parse(res.json()).snapshot_id;
    expect(generated).not.toBe("week-1");
    expect((await call("GET", `/plans/${generated}`)).status).toBe(200);
  });

  it("answers 409 when the snapshot id is taken, and keeps the stored plan", async () => {
    const { call } = createCookAppHarness();
    await seedPlan(call, "week-1");
    const again = await call("POST", "/plans", {
      body: { snapshot_id: "week-1", planned_meals: [{ ...LUNCH, recipe_id: CHICKEN_STIR_FRY_ID }] },
    });
    expect(again.status).toBe(409);
    const stored = SnapshotViewSchema.parse((await call("GET", "/plans/week-1")).json());
    expect(stored.planned_meals).toHaveLength(2);
  });

  it("answers 422 unknown_recipe naming the recipes that do not exist", async () => {
    const { call } = createCookAppHarness();
    const res = await call("POST", "/plans", {
      body: { planned_meals: [{ ...DINNER, recipe_id: "ghost-recipe" }] },
    });
    expect(res.status).toBe(422);
    const error = parseErrorBody(res.json());
    expect(error.code).toBe("unknown_recipe");
    expect(error.details).toEqual({ recipe_ids: ["ghost-recipe"] });
  });

  it.each([
    ["a date that does not exist", { ...DINNER, date: "2025-02-30" }, "body.planned_meals.0.date"],
    ["a date in another format", { ...DINNER, date: "03/01/2025" }, "body.planned_meals.0.date"],
    ["an unknown meal type", { ...DINNER, meal_type: "brunch" }, "body.planned_meals.0.meal_type"],
    ["a recipe id that is a number", { ...DINNER, recipe_id: 123456 }, "body.planned_meals.0.recipe_id"],
  ])("answers 400 naming the field for %s", async (_what, meal, path) => {
    const { call } = createCookAppHarness();
    const res = await call("POST", "/plans", {
      body: { planned_meals: [{ recipe_id: CHICKEN_STIR_FRY_ID, ...meal }] },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual([path]);
  });

  it("answers 400 for two meals in the same slot", async () => {
    const { call } = createCookAppHarness();
    const meal = { ...DINNER, recipe_id: CHICKEN_STIR_FRY_ID };
    const res = await call("POST", "/plans", { body: { planned_meals: [meal, meal] } });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["body.planned_meals.1"]);
  });

  it("answers 400 for an empty plan and for a body that is not an object", async () => {
    const { call } = createCookAppHarness();
    const empty = await call("POST", "/plans", { body: { planned_meals: [] } });
    expect(empty.status).toBe(400);
    expect(issuePaths(parseErrorBody(empty.json()).details)).toEqual(["body.planned_meals"]);
    const list = await call("POST", "/plans", { body: [1, 2, 3] });
    expect(list.status).toBe(400);
    expect(issuePaths(parseErrorBody(list.json()).details)).toEqual(["body"]);
  });

  it("answers 404 for a snapshot that does not exist and 400 for a malformed snapshot id", async () => {
    const { call } = createCookAppHarness();
    expect((await call("GET", "/plans/no-such-plan")).status).toBe(404);
    const bad = await call("GET", `/plans/${"x".repeat(65)}`);
    expect(bad.status).toBe(400);
    expect(issuePaths(parseErrorBody(bad.json()).details)).toEqual(["path.snapshot_id"]);
  });
});

describe("GET /recipes and GET /plans", () => {
  it("list the tenant's recipes and plans newest first, a page at a time", async () => {
    const { call } = createCookAppHarness();
    for (const id of ["r-one", "r-two", "r-three"]) {
      expect((await call("PUT", `/recipes/${id}`, { body: chickenStirFry })).status).toBe(201);
    }
    const first = await call("GET", "/recipes?limit=2");
    expect(first.status).toBe(200);
    const page = first.json() as { recipes: { recipe_id: string }[]; nextCursor?: string };
    expect(page.recipes.map((r) => r.recipe_id)).toEqual(["r-three", "r-two"]);
    const second = await call("GET", `/recipes?limit=2&cursor=${page.nextCursor}`);
    expect((second.json() as { recipes: { recipe_id: string }[] }).recipes.map((r) => r.recipe_id)).toEqual([
      "r-one",
    ]);

    const plans = await call("GET", "/plans");
    expect(plans.status).toBe(200);
    expect(plans.json()).toEqual({ plans: [] });
  });

  it.each([
    ["/recipes?limit=101", "query.limit"],
    ["/plans?limit=0", "query.limit"],
    ["/plans?cursor=", "query.cursor"],
  ])("answers 400 naming the field for %s", async (path, field) => {
    const { call } = createCookAppHarness();
    const res = await call("GET", path);
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual([field]);
  });
});
