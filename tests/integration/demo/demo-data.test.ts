import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demo from "../../../dev/demo/cook-demo.json" with { type: "json" };
import { DEMO_CAMPAIGN_COUNT } from "../../../dev/demo/demo-campaigns";
import { loadDemoData } from "../../../dev/demo/load-demo-data";
import { readLocalStackConfig } from "../../../dev/local-config";
import { type LocalStack, startLocalStack } from "../../../dev/local-stack";
import { ShoppingListSchema, SnapshotViewSchema } from "../../../functions/cook/domain";
import { createApiCall } from "../../support/local-api-server";
import { QUIET_STACK_ENV } from "../../support/quiet-stack-env";

// `npm start` with DEMO_DATA=on and no model: the whole local stack (its own DynamoDB Local) loads every
// area's demo data through the real API, once for this file. It writes the handlers' variables into
// process.env, so this file restores what it found.

const savedEnv = { ...process.env };
const logLines: string[] = [];
let stack: LocalStack | undefined;

beforeAll(async () => {
  stack = await startLocalStack(
    readLocalStackConfig({ ...QUIET_STACK_ENV, DEMO_DATA: "on", TABLE_NAME: "larder-demo-data-test" }),
    (line) => logLines.push(line),
  );
});

afterAll(async () => {
  await stack?.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

const running = (): LocalStack => {
  if (!stack) throw new Error("the local stack did not start");
  return stack;
};

describe("the cook demo week on npm start", () => {
  it("serves the demo week to tenant demo once the stack is up, and says so in its log", async () => {
    const call = createApiCall(running().apiUrl, "demo");
    const res = await call("GET", `/plans/${demo.plan.snapshot_id}`);
    expect(res.status).toBe(200);
    const plan = SnapshotViewSchema.parse(res.json());
    expect(plan.planned_meals).toHaveLength(demo.plan.planned_meals.length);
    expect(plan.planned_meals.every((meal) => !meal.modified)).toBe(true);
    expect(
      logLines.some((line) => line.startsWith("Demo data") && line.includes(demo.plan.snapshot_id)),
    ).toBe(true);

    const list = ShoppingListSchema.parse(
      (await call("GET", `/plans/${demo.plan.snapshot_id}/shopping-list`)).json(),
    );
    expect(list.items.length).toBeGreaterThan(20);
    expect(list.unparsed).toEqual([]);
  });

  it("loads idempotently: a second load replaces the recipes and leaves the plan as it is", async () => {
    const call = createApiCall(running().apiUrl, "demo");
    const variant = await call("POST", `/plans/${demo.plan.snapshot_id}/meals/2025-01-06/dinner/variant`, {
      body: { instruction: "replace chicken with tofu" },
    });
    expect(variant.status).toBe(200);

    const again = await loadDemoData(running().apiUrl);
    expect(again).toEqual({
      tenant: "demo",
      recipesCreated: 0,
      recipesReplaced: demo.recipes.length,
      snapshotId: demo.plan.snapshot_id,
      meals: demo.plan.planned_meals.length,
      planCreated: false,
    });
    const plan = SnapshotViewSchema.parse((await call("GET", `/plans/${demo.plan.snapshot_id}`)).json());
    expect(plan.planned_meals.filter((meal) => meal.modified)).toHaveLength(1);
  });

  it("belongs to tenant demo only", async () => {
    const other = createApiCall(running().apiUrl, "someone-else");
    expect((await other("GET", `/plans/${demo.plan.snapshot_id}`)).status).toBe(404);
  });
});

/** POSTs as tenant demo; the answer is checked against docs/openapi.json by createApiCall. */
const post = async (path: string, body: unknown) => {
  const res = await createApiCall(running().apiUrl, "demo")("POST", path, { body });
  return { status: res.status, body: res.json() as Record<string, unknown> };
};

describe("the campaign demo on npm start", () => {
  it("loads the demo campaigns and answers the seed's two question types offline", async () => {
    expect(logLines.some((line) => line.includes(`Demo campaigns   ${DEMO_CAMPAIGN_COUNT}`))).toBe(true);
    const all = await post("/campaigns/search", { tool: "filter_campaigns", args: {} });
    expect(all.body.count).toBe(DEMO_CAMPAIGN_COUNT);

    const show = await post("/chat/campaigns", {
      message: "Show me campaigns about airport lounges and travel perks",
    });
    expect(show.status).toBe(200);
    expect((show.body.campaigns as unknown[]).length).toBeGreaterThan(0);

    const offers = await post("/chat/campaigns", {
      message: "What are the offers from recent Cash Back, Premium campaigns?",
    });
    // Seed 002's worked example, verbatim: "Premium" is a sentiment.
    expect(offers.body.detectedFilters).toEqual({
      value_prop: ["Cash Back / Rewards"],
      sentiment: ["Premium"],
      date_range: "recent",
    });
    expect(offers.body.response).toContain("The main offers:");
  });
});
