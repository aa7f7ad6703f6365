import "../dev/polyfills";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import demo from "../dev/demo/cook-demo.json" with { type: "json" };
import { readLocalStackConfig } from "../dev/local-config";
import { startLocalStack } from "../dev/local-stack";
import { percentile } from "./lib/stats";

/**
 * Cook API latency through the local stack (issue 4's benchmark): `npm start`'s stack on free ports
 * (DynamoDB Local, the local API Gateway with its dev-token authorizer, the real CookApi handler), offline
 * (LLM_PROVIDER=none). Sequential requests over loopback HTTP, after warm-up, each variant on a fresh meal:
 * variant creation from ops and from an instruction (rule-based parser), and the cook route for a variant
 * id and for a base recipe id.
 */
process.env.LOG_LEVEL ??= "SILENT";
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 30;
const TENANT = "demo";
const RECIPE_ID = "chicken-stir-fry";
const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack"] as const;
const MEALS_PER_SNAPSHOT = 200;

const stirFry = demo.recipes.find((recipe) => recipe.recipe_id === RECIPE_ID);
const firstIngredient = stirFry?.ingredients_raw[0];
if (!firstIngredient) throw new Error(`the demo data has no ${RECIPE_ID} with ingredients`);

interface MealSlot {
  snapshot_id: string;
  date: string;
  meal_type: (typeof MEAL_TYPES)[number];
}

const main = async () => {
  const stack = await startLocalStack(
    readLocalStackConfig({
      PORT: "0",
      STORE_PORT: "0",
      DEMO_DATA: "on",
      SCHEDULES: "off",
      LLM_PROVIDER: "none",
      TABLE_NAME: "larder-bench-cook",
    }),
  );
  try {
    const request = async (method: string, path: string, body?: unknown): Promise<number> => {
      const res = await fetch(`${stack.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer dev:${TENANT}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return res.status;
    };

    // Enough planned meals (all the stir fry) for every measured and warm-up variant to be a fresh one.
    const needed = 2 * (REQUESTS + WARMUP);
    const slots: MealSlot[] = [];
    for (let snapshot = 0; slots.length < needed; snapshot += 1) {
      const snapshotId = `bench-${snapshot}`;
      const meals: MealSlot[] = [];
      for (let i = 0; i < MEALS_PER_SNAPSHOT; i += 1) {
        const date = new Date(Date.UTC(2025, 0, 1 + Math.floor(i / MEAL_TYPES.length)))
          .toISOString()
          .slice(0, 10);
        meals.push({
          snapshot_id: snapshotId,
          date,
          meal_type: MEAL_TYPES[i % MEAL_TYPES.length] ?? "dinner",
        });
      }
      await request("POST", "/plans", {
        snapshot_id: snapshotId,
        planned_meals: meals.map(({ date, meal_type }) => ({ date, meal_type, recipe_id: RECIPE_ID })),
      });
      slots.push(...meals);
    }
    const nextSlot = (() => {
      let index = 0;
      return (): MealSlot => {
        const slot = slots[index];
        index += 1;
        if (!slot) throw new Error("out of planned meals");
        return slot;
      };
    })();
    const variantPath = (slot: MealSlot) =>
      `/plans/${slot.snapshot_id}/meals/${slot.date}/${slot.meal_type}/variant`;
    const created: MealSlot[] = [];

    const measure = async (run: () => Promise<unknown>) => {
      for (let i = 0; i < WARMUP; i += 1) await run();
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
      return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), mean };
    };

    const replaceOp = {
      op: "replace_ingredient",
      target_index: 0,
      target_name: firstIngredient,
      replacement: { name: "firm tofu", quantity: "400 g" },
    };
    const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
    results.push([
      "POST …/variant `{ ops }` (replace, new variant)",
      await measure(async () => {
        const slot = nextSlot();
        await request("POST", variantPath(slot), { ops: [replaceOp] });
        created.push(slot);
      }),
    ]);
    results.push([
      "POST …/variant `{ instruction }` (offline parser, new variant)",
      await measure(async () => {
        const slot = nextSlot();
        await request("POST", variantPath(slot), { instruction: "replace chicken with tofu and double it" });
        created.push(slot);
      }),
    ]);
    let lookup = 0;
    results.push([
      "GET /cook/variant:{snapshot_id}:{date}:{meal_type}",
      await measure(async () => {
        const slot = created[lookup % created.length];
        lookup += 1;
        if (!slot) throw new Error("no variant created");
        await request("GET", `/cook/variant:${slot.snapshot_id}:${slot.date}:${slot.meal_type}`);
      }),
    ]);
    results.push(["GET /cook/{recipe_id}", await measure(() => request("GET", `/cook/${RECIPE_ID}`))]);
    results.push([
      `GET /plans/${demo.plan.snapshot_id}/shopping-list (demo week)`,
      await measure(() => request("GET", `/plans/${demo.plan.snapshot_id}/shopping-list`)),
    ]);

    const ms = (value: number) => value.toFixed(1);
    console.log(
      `node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}; ` +
        `${REQUESTS} sequential requests per row after ${WARMUP} warm-up; LLM_PROVIDER=none`,
    );
    console.log("| request | p50 ms | p95 ms | p99 ms | mean ms |");
    console.log("|---|---:|---:|---:|---:|");
    for (const [name, r] of results) {
      console.log(`| ${name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.mean)} |`);
    }
  } finally {
    await stack.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
