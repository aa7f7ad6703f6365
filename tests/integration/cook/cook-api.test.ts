import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CookViewSchema,
  RecipeVariantSchema,
  ShoppingListSchema,
  SnapshotViewSchema,
} from "../../../functions/cook/domain";
import { KitchenChatResponseSchema } from "../../../functions/cook/domain/kitchen-chat/kitchen-chat-schemas";
import {
  CHICKEN_STIR_FRY_ID,
  chickenStirFry,
  DINNER,
  LUNCH,
  mealPath,
  REPLACE_CHICKEN_WITH_TOFU,
  REPLACE_RICE_WITH_QUINOA,
  variantId,
} from "../../support/cook/cook-fixtures";
import { seedPlanOverHttp } from "../../support/cook/seed-plan";
import { issuePaths, parseErrorBody } from "../../support/error-body";
import { type ApiCall, type LocalApiServer, startLocalApiServer } from "../../support/local-api-server";

// The cook API end to end: the local API Gateway (dev token authorizer, the route table of lib/areas), the
// real Lambda entry functions/cook/entries/api.ts, its DynamoDB repositories on DynamoDB Local. Offline:
// LLM_PROVIDER=none, so instructions go through the rule-based parser.

const Applied = z.object({ needs_clarification: z.literal(false), variant: RecipeVariantSchema });

let server: LocalApiServer;
let call: ApiCall;
let snapshotCounter = 0;
/** Every test plans its own snapshot, so tests do not see each other's edits. */
const plannedSnapshot = async (tenant = "alice"): Promise<string> => {
  snapshotCounter += 1;
  const snapshotId = `week-${snapshotCounter}`;
  await seedPlanOverHttp(call, snapshotId, tenant);
  return snapshotId;
};

beforeAll(async () => {
  server = await startLocalApiServer();
  call = server.call;
});

afterAll(async () => {
  await server?.stop();
});

const shoppingNames = async (snapshotId: string): Promise<string[]> => {
  const res = await call("GET", `/plans/${snapshotId}/shopping-list`);
  expect(res.status).toBe(200);
  return ShoppingListSchema.parse(res.json()).items.map((item) => item.name);
};

const mealOf = async (snapshotId: string, address: { date: string; meal_type: string }) => {
  const res = await call("GET", `/plans/${snapshotId}`);
  expect(res.status).toBe(200);
  const meal = SnapshotViewSchema.parse(res.json()).planned_meals.find(
    (m) => m.date === address.date && m.meal_type === address.meal_type,
  );
  if (!meal) throw new Error(`no ${address.meal_type} on ${address.date}`);
  return meal;
};

describe("seed 001 acceptance, over HTTP on DynamoDB Local", () => {
  it("a plan with chicken; a variant replacing chicken by tofu; the shopping list has tofu and not chicken", async () => {
    const snapshotId = await plannedSnapshot();
    const before = await shoppingNames(snapshotId);
    expect(before.some((name) => name.includes("chicken"))).toBe(true);
    expect(before.some((name) => name.includes("tofu"))).toBe(false);

    const res = await call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { ops: [REPLACE_CHICKEN_WITH_TOFU] },
    });
    expect(res.status).toBe(200);
    expect(Applied.parse(res.json()).variant.variant_id).toBe(variantId(snapshotId, DINNER));

    const after = await shoppingNames(snapshotId);
    expect(after.some((name) => name.includes("tofu"))).toBe(true);
    expect(after.some((name) => name.includes("chicken"))).toBe(false);
  });

  it("reloading changes nothing: the plan and the cook route answer the same bytes twice", async () => {
    const snapshotId = await plannedSnapshot();
    await call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { ops: [REPLACE_CHICKEN_WITH_TOFU] },
    });
    for (const path of [`/plans/${snapshotId}`, `/cook/${variantId(snapshotId, DINNER)}`]) {
      const first = await call("GET", path);
      const second = await call("GET", path);
      expect(first.status).toBe(200);
      expect(second.text).toBe(first.text);
    }
    const meal = await mealOf(snapshotId, DINNER);
    expect(meal.modified).toBe(true);
    expect(meal.variant?.compiled_recipe.ingredients_raw[0]).toBe("400 g firm tofu");
  });

  it("GET /cook/variant:… resolves with raw or URL-encoded colons; DELETE clears the variant", async () => {
    const snapshotId = await plannedSnapshot();
    const variantPath = `${mealPath(snapshotId, DINNER)}/variant`;
    await call("POST", variantPath, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    const id = variantId(snapshotId, DINNER);
    for (const path of [`/cook/${id}`, `/cook/${encodeURIComponent(id)}`]) {
      const res = await call("GET", path);
      expect(res.status).toBe(200);
      const view = CookViewSchema.parse(res.json());
      expect(view).toMatchObject({ id, name: "Chicken Stir Fry (modified)", modified: true });
    }

    const cleared = await call("DELETE", variantPath);
    expect(cleared.status).toBe(204);
    expect(cleared.text).toBe("");
    expect((await mealOf(snapshotId, DINNER)).modified).toBe(false);
    expect((await call("GET", `/cook/${id}`)).status).toBe(404);
    const names = await shoppingNames(snapshotId);
    expect(names.some((name) => name.includes("chicken"))).toBe(true);
    expect(names.some((name) => name.includes("tofu"))).toBe(false);
    const base = CookViewSchema.parse((await call("GET", `${mealPath(snapshotId, DINNER)}/cook`)).json());
    expect(base).toMatchObject({ id: CHICKEN_STIR_FRY_ID, modified: false });
  });
});

describe("instructions offline (LLM_PROVIDER=none)", () => {
  it("applies a plain instruction with the rule-based parser", async () => {
    const snapshotId = await plannedSnapshot();
    const res = await call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { instruction: "swap the white rice for quinoa" },
    });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw[1]).toMatch(/quinoa/);
    expect(variant.compiled_recipe.ingredients_raw.join(" ")).not.toMatch(/white rice/);
  });

  it("answers needs_clarification for what it cannot parse, and writes nothing", async () => {
    const snapshotId = await plannedSnapshot();
    const res = await call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { instruction: "make it taste like my grandmother's" },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      needs_clarification: true,
      clarification_message: expect.any(String),
    });
    expect((await mealOf(snapshotId, DINNER)).modified).toBe(false);
  });
});

describe("the kitchen chat offline (LLM_PROVIDER=none)", () => {
  it("swaps an ingredient by chat and removes the modifications by chat", async () => {
    const snapshotId = await plannedSnapshot();
    const swap = await call("POST", "/chat/kitchen", {
      body: { snapshot_id: snapshotId, message: "swap the rice for quinoa on Friday" },
    });
    expect(swap.status).toBe(200);
    const swapped = KitchenChatResponseSchema.parse(swap.json());
    expect(swapped.status).toBe("offline");
    const dinner = swapped.snapshot.planned_meals.find((meal) => meal.date === DINNER.date);
    expect(dinner?.variant?.compiled_recipe.ingredients_raw[1]).toMatch(/quinoa/);
    expect((await call("GET", `/cook/${variantId(snapshotId, DINNER)}`)).status).toBe(200);

    const undo = await call("POST", "/chat/kitchen", {
      body: { snapshot_id: snapshotId, message: "remove modifications from Friday's dinner" },
    });
    expect(undo.status).toBe(200);
    expect((await mealOf(snapshotId, DINNER)).modified).toBe(false);
  });
});

describe("concurrent edits", () => {
  it("two variant requests on the same meal at once never lose an edit (both ops kept, or one 409)", async () => {
    // Several rounds, each on a fresh plan, so the two requests overlap in at least some of them.
    for (let round = 0; round < 5; round += 1) {
      const snapshotId = await plannedSnapshot();
      const path = `${mealPath(snapshotId, DINNER)}/variant`;
      const [tofu, quinoa] = await Promise.all([
        call("POST", path, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } }),
        call("POST", path, { body: { ops: [REPLACE_RICE_WITH_QUINOA] } }),
      ]);
      for (const res of [tofu, quinoa]) expect([200, 409]).toContain(res.status);
      const kept =
        (await mealOf(snapshotId, DINNER)).variant?.patch_ops.map((op) => op.replacement?.name) ?? [];
      const expected = [
        ...(tofu.status === 200 ? ["firm tofu"] : []),
        ...(quinoa.status === 200 ? ["quinoa"] : []),
      ];
      expect(kept.sort()).toEqual(expected.sort());
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it("eight simultaneous edits of one meal: every edit answered 200 is kept, every 409 wrote nothing", async () => {
    const snapshotId = await plannedSnapshot();
    const path = `${mealPath(snapshotId, DINNER)}/variant`;
    const lines = Array.from({ length: 8 }, (_, i) => `${i + 1} limes`);
    const results = await Promise.all(
      lines.map((line) =>
        call("POST", path, { body: { ops: [{ op: "add_ingredient", new_ingredient: line }] } }),
      ),
    );
    for (const res of results) expect([200, 409]).toContain(res.status);
    const added = (await mealOf(snapshotId, DINNER)).variant?.patch_ops.map((op) => op.new_ingredient) ?? [];
    expect(added.sort()).toEqual(lines.filter((_, i) => results[i]?.status === 200).sort());
    expect(added.length).toBeGreaterThan(0);
  });

  it("edits of different meals of one snapshot both succeed", async () => {
    const snapshotId = await plannedSnapshot();
    const [dinner, lunch] = await Promise.all([
      call("POST", `${mealPath(snapshotId, DINNER)}/variant`, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } }),
      call("POST", `${mealPath(snapshotId, LUNCH)}/variant`, {
        body: { ops: [{ op: "scale_servings", scale_factor: 2 }] },
      }),
    ]);
    expect(dinner.status).toBe(200);
    expect(lunch.status).toBe(200);
    expect((await mealOf(snapshotId, DINNER)).modified).toBe(true);
    expect((await mealOf(snapshotId, LUNCH)).variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "500 g red lentils",
    );
  });
});

describe("tenants and refusals", () => {
  it("tenant B gets 404 for tenant A's plan, variant, cook route and shopping list", async () => {
    const snapshotId = await plannedSnapshot("alice");
    await call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { ops: [REPLACE_CHICKEN_WITH_TOFU] },
    });
    const bob = { tenant: "bob" };
    expect((await call("GET", `/plans/${snapshotId}`, bob)).status).toBe(404);
    expect((await call("GET", `/cook/${variantId(snapshotId, DINNER)}`, bob)).status).toBe(404);
    expect((await call("GET", `/plans/${snapshotId}/shopping-list`, bob)).status).toBe(404);
    expect((await call("GET", `/recipes/${CHICKEN_STIR_FRY_ID}`, bob)).status).toBe(404);
    const edit = await call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      ...bob,
      body: { ops: [REPLACE_RICE_WITH_QUINOA] },
    });
    expect(edit.status).toBe(404);
    expect((await mealOf(snapshotId, DINNER)).variant?.patch_ops).toHaveLength(1);
  });

  it("answers 401 without a token, before the cook Lambda runs", async () => {
    const res = await call("GET", "/plans/anything", { tenant: null });
    expect(res.status).toBe(401);
  });

  it("answers 409 to a plan whose snapshot id is taken", async () => {
    const snapshotId = await plannedSnapshot();
    const again = await call("POST", "/plans", {
      body: { snapshot_id: snapshotId, planned_meals: [{ ...LUNCH, recipe_id: CHICKEN_STIR_FRY_ID }] },
    });
    expect(again.status).toBe(409);
  });

  it.each([
    [
      "a date that does not exist",
      (s: string) => `/plans/${s}/meals/2025-02-30/dinner/variant`,
      { ops: [REPLACE_CHICKEN_WITH_TOFU] },
      ["path.date"],
    ],
    [
      "an unknown op",
      (s: string) => `${mealPath(s, DINNER)}/variant`,
      { ops: [{ op: "fry_it" }] },
      ["body.ops.0.op"],
    ],
    [
      "a body that is neither ops nor an instruction",
      (s: string) => `${mealPath(s, DINNER)}/variant`,
      { note: "hi" },
      ["body"],
    ],
  ])("answers 400 naming the field for %s", async (_what, pathOf, body, paths) => {
    const snapshotId = await plannedSnapshot();
    const res = await call("POST", pathOf(snapshotId), { body });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(paths);
  });

  it("answers 422 patch_invalid with the validator's reasons, and writes nothing", async () => {
    const snapshotId = await plannedSnapshot();
    const res = await call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { ops: [{ op: "remove_ingredient", target_index: 0, target_name: "chicken" }] },
    });
    expect(res.status).toBe(422);
    const error = parseErrorBody(res.json());
    expect(error.code).toBe("patch_invalid");
    expect(
      z
        .object({ reasons: z.array(z.string()).min(1) })
        .parse(error.details)
        .reasons.join(" "),
    ).toMatch(/acknowledged/);
    expect((await mealOf(snapshotId, DINNER)).modified).toBe(false);
  });
});

describe("a base recipe replaced after a variant was made", () => {
  it("answers 422 variant_outdated naming the stored ops and the reset, not the new ops; DELETE resets it", async () => {
    const tenant = "carol";
    const snapshotId = await plannedSnapshot(tenant);
    const variantPath = `${mealPath(snapshotId, DINNER)}/variant`;
    const first = await call("POST", variantPath, { tenant, body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    expect(first.status).toBe(200);
    const recipeId = CHICKEN_STIR_FRY_ID;
    const replaced = await call("PUT", `/recipes/${recipeId}`, {
      tenant,
      body: { ...chickenStirFry, ingredients_raw: chickenStirFry.ingredients_raw.slice(1) },
    });
    expect(replaced.status).toBe(200);

    const addLime = { ops: [{ op: "add_ingredient", new_ingredient: "1 lime" }] };
    for (const body of [addLime, { instruction: "add 1 lime" }]) {
      const res = await call("POST", variantPath, { tenant, body });
      expect(res.status).toBe(422);
      const error = parseErrorBody(res.json());
      expect(error.code).toBe("variant_outdated");
      expect(error.message).toContain(`no longer fits its base recipe ${recipeId}`);
      expect(error.message).toContain(`DELETE ${variantPath}`);
      const details = z
        .object({
          reasons: z.array(z.string()).min(1),
          stored_patch_ops: z.array(z.object({ op: z.string(), target_name: z.string().optional() })),
          reset: z.string(),
        })
        .parse(error.details);
      expect(details.stored_patch_ops).toEqual([expect.objectContaining({ target_name: "chicken" })]);
      expect(details.reasons.join(" ")).toMatch(/"chicken" does not match/);
      expect(details.reset).toBe(`DELETE ${variantPath}`);
    }

    expect((await call("DELETE", variantPath, { tenant })).status).toBe(204);
    const again = await call("POST", variantPath, { tenant, body: addLime });
    expect(again.status).toBe(200);
    expect(Applied.parse(again.json()).variant.compiled_recipe.ingredients_raw).toEqual([
      ...chickenStirFry.ingredients_raw.slice(1),
      "1 lime",
    ]);
  });
});

describe("recipes pasted from British sites, read for the shopping list", () => {
  it("stores an optional locale, lists dual metric/imperial lines by their metric amount and says which locale it used", async () => {
    const tenant = "dave";
    const snapshotId = await plannedSnapshot(tenant);
    const put = await call("PUT", `/recipes/${CHICKEN_STIR_FRY_ID}`, {
      tenant,
      body: {
        ...chickenStirFry,
        locale: "en-GB",
        ingredients_raw: [
          "150g/5¼oz canned chickpeas, drained and rinsed",
          "4oz (100g) light brown muscovado sugar",
          "1 pint milk",
          "4 heaped tbsp plain flour",
        ],
      },
    });
    expect(put.status).toBe(200);
    expect((await call("GET", `/recipes/${CHICKEN_STIR_FRY_ID}`, { tenant })).json()).toMatchObject({
      locale: "en-GB",
    });

    const res = await call("GET", `/plans/${snapshotId}/shopping-list`, { tenant });
    expect(res.status).toBe(200);
    const list = ShoppingListSchema.parse(res.json());
    expect(list.unparsed).toEqual([]);
    const byName = new Map(list.items.map((item) => [item.name, item]));
    expect(byName.get("canned chickpea")).toMatchObject({ quantity: 150, unit: "g" });
    expect(byName.get("light brown muscovado sugar")).toMatchObject({ quantity: 100, unit: "g" });
    expect(byName.get("milk")).toMatchObject({ quantity: 1, unit: "pint" });
    expect(byName.get("plain flour")).toMatchObject({ quantity: 4, unit: "tablespoon" });
    expect(list.recipe_locales).toContainEqual({
      recipe_id: CHICKEN_STIR_FRY_ID,
      locale: "en-GB",
      source: "recipe",
    });
  });

  it("refuses an unknown locale with 400 naming the field", async () => {
    const res = await call("PUT", `/recipes/${CHICKEN_STIR_FRY_ID}`, {
      tenant: "dave",
      body: { ...chickenStirFry, locale: "fr-FR" },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["body.locale"]);
  });
});
