import { performance } from "node:perf_hooks";
import demo from "../dev/demo/cook-demo.json" with { type: "json" };
import {
  buildShoppingList,
  type CreateSnapshotBody,
  createSnapshot,
  createVariantFromOps,
  getShoppingList,
  type PlannedMealInput,
  type Recipe,
  RecipeSchema,
  type ShoppingRecipeEntry,
} from "../functions/cook/domain";
import { createCookTestDeps } from "../tests/support/cook/cook-test-deps";
import { percentile } from "./lib/stats";

/**
 * Shopping-list time for a 4-week plan (seed 001, issue 4's benchmark): 28 days of breakfast, lunch and
 * dinner from the demo recipes (dev/demo/cook-demo.json), side dishes on some dinners, and a variant
 * (replace + scale) on every fourth dinner. Measures the pure aggregation (`buildShoppingList`) and the
 * whole use case (`getShoppingList` on in-memory repositories, so no database time), after warm-up.
 */
const WARMUP = 20;
const RUNS = 200;

const recipes: Recipe[] = demo.recipes.map((recipe) => RecipeSchema.parse(recipe));
const byId = new Map(recipes.map((recipe) => [recipe.recipe_id, recipe]));
const BREAKFASTS = ["overnight-oats", "tomato-mozzarella-toast"];
const LUNCHES = ["red-lentil-soup", "greek-salad", "tomato-mozzarella-toast"];
const DINNERS = [
  "chicken-stir-fry",
  "spaghetti-bolognese",
  "roast-salmon-potatoes",
  "chickpea-curry",
  "bacalhau-a-bras",
  "red-lentil-soup",
];
const SIDES = ["garlic-bread", "greek-salad"];

const pick = (list: string[], index: number): string => list[index % list.length] ?? "";

const fourWeekPlan = (): CreateSnapshotBody => {
  const meals: PlannedMealInput[] = [];
  for (let day = 0; day < 28; day += 1) {
    const date = new Date(Date.UTC(2025, 0, 6 + day)).toISOString().slice(0, 10);
    meals.push({ date, meal_type: "breakfast", recipe_id: pick(BREAKFASTS, day) });
    meals.push({ date, meal_type: "lunch", recipe_id: pick(LUNCHES, day) });
    meals.push({
      date,
      meal_type: "dinner",
      recipe_id: pick(DINNERS, day),
      ...(day % 3 === 0 ? { components: [{ role: "side" as const, recipe_id: pick(SIDES, day) }] } : {}),
    });
  }
  return { snapshot_id: "bench-4w", planned_meals: meals };
};

const measure = async (run: () => unknown | Promise<unknown>) => {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
};

const main = async () => {
  const plan = fourWeekPlan();
  const deps = createCookTestDeps({ recipes });
  await createSnapshot(deps, plan);
  let variants = 0;
  for (const [index, meal] of plan.planned_meals.entries()) {
    if (meal.meal_type !== "dinner" || index % 4 !== 2) continue;
    const base = byId.get(meal.recipe_id);
    const target = base?.ingredients_raw[0];
    if (!base || target === undefined) continue;
    await createVariantFromOps(deps, {
      snapshot_id: "bench-4w",
      date: meal.date,
      meal_type: meal.meal_type,
      ops: [
        {
          op: "replace_ingredient",
          target_index: 0,
          target_name: target,
          replacement: { name: "firm tofu", quantity: "400 g" },
        },
        { op: "scale_servings", scale_factor: 1.5 },
      ],
    });
    variants += 1;
  }

  // The entries getShoppingList hands to buildShoppingList, prepared once for the pure measurement.
  const snapshot = await deps.plans.getSnapshot("bench-4w");
  const entries: ShoppingRecipeEntry[] = (snapshot?.planned_meals ?? []).flatMap((meal) => {
    const main =
      meal.variant?.compiled_recipe.ingredients_raw ?? byId.get(meal.recipe_id)?.ingredients_raw ?? [];
    const source = {
      date: meal.date,
      meal_type: meal.meal_type,
      recipe_id: meal.variant?.variant_id ?? meal.recipe_id,
    };
    return [
      { source, ingredients_raw: main },
      ...(meal.components ?? []).map((component) => ({
        source: { ...source, recipe_id: component.recipe_id },
        ingredients_raw: byId.get(component.recipe_id)?.ingredients_raw ?? [],
      })),
    ];
  });
  const lines = entries.reduce((sum, entry) => sum + entry.ingredients_raw.length, 0);
  const coldStarted = performance.now();
  const list = buildShoppingList(entries);
  const cold = performance.now() - coldStarted;

  const pure = await measure(() => buildShoppingList(entries));
  const useCase = await measure(() => getShoppingList(deps, "bench-4w"));

  const ms = (value: number) => value.toFixed(2);
  console.log(
    `4-week plan: ${plan.planned_meals.length} meals (${variants} with a variant), ${entries.length} recipes cooked, ` +
      `${lines} ingredient lines -> ${list.items.length} items, ${list.unparsed.length} unparsed`,
  );
  console.log(`runs: ${RUNS} after ${WARMUP} warm-up; node ${process.version}`);
  console.log(
    `first buildShoppingList call in the process (after the setup compiled the variants): ${ms(cold)} ms`,
  );
  console.log("| measured | p50 ms | p95 ms | p99 ms | lines/ms (p50) |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(
    `| buildShoppingList (pure) | ${ms(pure.p50)} | ${ms(pure.p95)} | ${ms(pure.p99)} | ${(lines / pure.p50).toFixed(0)} |`,
  );
  console.log(
    `| getShoppingList (use case, in-memory repos) | ${ms(useCase.p50)} | ${ms(useCase.p95)} | ${ms(useCase.p99)} | ${(lines / useCase.p50).toFixed(0)} |`,
  );
};

await main();
