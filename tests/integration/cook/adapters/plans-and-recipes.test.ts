import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoRecipeRepository } from "../../../../functions/cook/adapters/dynamo-recipe-repository";
import { createDynamoSnapshotRepository } from "../../../../functions/cook/adapters/dynamo-snapshot-repository";
import type { RecipeRepository } from "../../../../functions/cook/domain/ports/recipe-repository";
import type { SnapshotRepository } from "../../../../functions/cook/domain/ports/snapshot-repository";
import { listPlans } from "../../../../functions/cook/domain/use-cases/list-plans";
import { listRecipes } from "../../../../functions/cook/domain/use-cases/list-recipes";
import { expectNextCursorOnlyWhenAnotherItem } from "../../../support/list-paging";
import { createRecordingTable } from "../../../support/recording-dynamo";
import { createTestTable } from "../../../support/table";

let testTable: Awaited<ReturnType<typeof createTestTable>>;
let recording: ReturnType<typeof createRecordingTable>;
let clock = Date.parse("2026-03-01T00:00:00Z");
const now = () => new Date(clock);
let serial = 0;

const repos = (tenant: string) => {
  const table = recording.forTenant(tenant);
  return { plans: createDynamoSnapshotRepository(table), recipes: createDynamoRecipeRepository(table, now) };
};
let mine: { plans: SnapshotRepository; recipes: RecipeRepository };
let theirs: { plans: SnapshotRepository; recipes: RecipeRepository };

/** A plan created "now" (each later than the one before) with `meals` dinners from 2026-03-02. */
const addPlan = async (repo: SnapshotRepository, meals = 1): Promise<string> => {
  clock += 1000;
  serial += 1;
  const snapshotId = `snap_${String(serial).padStart(6, "0")}`;
  await repo.createSnapshot({
    snapshot_id: snapshotId,
    created_at: now().toISOString(),
    planned_meals: Array.from({ length: meals }, (_, day) => ({
      date: new Date(Date.UTC(2026, 2, 2 + day)).toISOString().slice(0, 10),
      meal_type: "dinner" as const,
      recipe_id: "rice",
    })),
  });
  return snapshotId;
};

/** A recipe created "now" (each later than the one before). */
const addRecipe = async (repo: RecipeRepository): Promise<string> => {
  clock += 1000;
  serial += 1;
  const recipeId = `recipe-${String(serial).padStart(6, "0")}`;
  const { created } = await repo.putRecipe({
    recipe_id: recipeId,
    name: `Recipe ${serial}`,
    servings: 2,
    ingredients_raw: ["1 cup rice"],
    steps: ["Cook."],
  });
  expect(created).toBe(true);
  return recipeId;
};

beforeAll(async () => {
  testTable = await createTestTable();
  recording = createRecordingTable(testTable.endpoint, testTable.tableName, now);
  mine = repos("tenant-a");
  theirs = repos("tenant-b");
});
afterAll(async () => {
  recording?.destroy();
  await testTable?.drop();
});

const expectQueriesOnly = () => {
  const names = recording.commands.map((c) => c.name);
  expect(names).toContain("QueryCommand");
  expect(names).not.toContain("ScanCommand");
  for (const query of recording.commands.filter((c) => c.name === "QueryCommand")) {
    expect(query.input.IndexName).toBe("gsi1");
  }
};

describe("GET /plans (use case over DynamoDB Local)", () => {
  it("pages 250 plans newest first with no duplicate or gap while plans are created, never another tenant's, by Query only", async () => {
    const created: string[] = [];
    for (let i = 0; i < 250; i++) {
      created.push(await addPlan(mine.plans));
      if (i % 7 === 0) await addPlan(theirs.plans);
    }
    recording.commands.length = 0;
    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listPlans(mine, { limit: 40, ...(cursor ? { cursor } : {}) });
      for (const plan of page.plans) {
        expect(plan).toMatchObject({ meal_count: 1, first_date: "2026-03-02", last_date: "2026-03-02" });
        seen.push(plan.snapshot_id);
      }
      cursor = page.nextCursor;
      pages += 1;
      arrived.push(await addPlan(mine.plans));
      await addPlan(theirs.plans);
    } while (cursor && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...created].reverse());
    expect(pages).toBeGreaterThan(6);
    expectQueriesOnly();
    const fresh = await listPlans(mine, { limit: arrived.length });
    expect(fresh.plans.map((p) => p.snapshot_id)).toEqual([...arrived].reverse());
  });

  it("a plan written in several transactions is listed once, complete, with its meal count and dates", async () => {
    const id = await addPlan(mine.plans, 130);
    const page = await listPlans(mine, { limit: 1 });
    expect(page.plans).toEqual([
      {
        snapshot_id: id,
        created_at: now().toISOString(),
        meal_count: 130,
        first_date: "2026-03-02",
        last_date: "2026-07-09",
      },
    ]);
  });

  it("a cursor from another tenant is refused as a 400 naming the cursor", async () => {
    await addPlan(theirs.plans);
    await addPlan(theirs.plans);
    const { nextCursor } = await listPlans(theirs, { limit: 1 });
    expect(nextCursor).toBeDefined();
    await expect(listPlans(mine, { limit: 1, cursor: nextCursor as string })).rejects.toMatchObject({
      details: { issues: [expect.objectContaining({ path: "cursor" })] },
    });
  });

  it("gives a nextCursor only when another plan follows (GET /plans?limit=1 with one plan gives none)", async () => {
    const own = repos("tenant-plans-cursor");
    await expectNextCursorOnlyWhenAnotherItem(
      () => addPlan(own.plans),
      async (page) => {
        const { plans, nextCursor } = await listPlans(own, page);
        return { ids: plans.map((p) => p.snapshot_id), nextCursor };
      },
    );
  });
});

describe("GET /recipes (use case over DynamoDB Local)", () => {
  it("pages 250 recipes newest first with no duplicate or gap while recipes are created and replaced, never another tenant's, by Query only", async () => {
    const created: string[] = [];
    for (let i = 0; i < 250; i++) {
      created.push(await addRecipe(mine.recipes));
      if (i % 7 === 0) await addRecipe(theirs.recipes);
    }
    recording.commands.length = 0;
    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listRecipes(mine, { limit: 40, ...(cursor ? { cursor } : {}) });
      for (const recipe of page.recipes) {
        expect(recipe).toMatchObject({ servings: 2, created_at: expect.any(String) });
        expect(recipe.name).toMatch(/^Recipe \d+( again)?$/);
        seen.push(recipe.recipe_id);
      }
      cursor = page.nextCursor;
      pages += 1;
      arrived.push(await addRecipe(mine.recipes));
      await addRecipe(theirs.recipes);
      // A replacement of a recipe not listed yet keeps its place: listed once, where it was created.
      const notYetListed = created[created.length - 1 - seen.length - 3];
      if (notYetListed) {
        const { created: createdAgain } = await mine.recipes.putRecipe({
          recipe_id: notYetListed,
          name: `Recipe ${notYetListed.slice(-6).replace(/^0+/, "")} again`,
          servings: 2,
          ingredients_raw: ["2 cups rice"],
          steps: ["Cook longer."],
        });
        expect(createdAgain).toBe(false);
      }
    } while (cursor && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...created].reverse());
    expect(pages).toBeGreaterThan(6);
    const listCommands = recording.commands.filter(
      (c) => c.name === "QueryCommand" || c.name === "ScanCommand",
    );
    expect(listCommands.length).toBeGreaterThan(0);
    expectQueriesOnly();
    const fresh = await listRecipes(mine, { limit: arrived.length });
    expect(fresh.recipes.map((r) => r.recipe_id)).toEqual([...arrived].reverse());
  });
});
