import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anchorCampaigns } from "../../../dev/demo/demo-campaigns";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../../../dev/workflow-runner";
import document from "../../../docs/openapi.json" with { type: "json" };
import { createAppTable } from "../../../functions/core/db/app-table";
import { installLocalWorkflowPort } from "../../../functions/core/workflow/process-workflow-port";
import type { WorkflowPort } from "../../../functions/core/workflow/workflow-port";
import { createDynamoShopRunRepository } from "../../../functions/shop/adapters/dynamo-shop-run-repository";
import { allWorkflows } from "../../../lib/areas";
import { DINNER, planBody, RECIPES, REPLACE_CHICKEN_WITH_TOFU } from "../../support/cook/cook-fixtures";
import { type LocalApiServer, startLocalApiServer } from "../../support/local-api-server";
import {
  type BoundVariant,
  boundVariants,
  type JsonSchema,
  type SchemaDocument,
  type SkippedBound,
} from "../../support/request-body-bounds";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

// Every request-body field of every operation in docs/openapi.json at each of its documented bounds
// (maxLength, maxItems, maximum, minLength, minItems, minimum), in an otherwise valid body, against the
// real local API (DynamoDB Local, PGlite, LLM_PROVIDER=none): no answer may be a 5xx. A 4xx naming the
// field is fine. The bodies come from tests/support/request-body-bounds.ts; the valid base bodies and the
// resources their paths name are here, and an operation with a body but no base here fails the run.
//
// Workflows: the negotiation workflow runs for real in the local runner (offline it reaches the review in
// a few steps). A shop run's coordinator workflow needs a browser on a simulated store: its starts are
// recorded and not run (the run stays `running`), so no background run outlives the test; the run the
// decisions go to is then marked succeeded with a small result through the shop's repository.

const doc = document as unknown as SchemaDocument & {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
};

const tenant = `bv-${randomUUID().slice(0, 8)}`;
const NEGOTIATION = NEGOTIATION_SCENARIOS[0];
const SHOP_RUN_PRUNE_ID = "oat-milk-1l";
const [CAMPAIGN] = anchorCampaigns(new Date("2026-06-15T12:00:00Z"));

interface Setup {
  /** A stored plan (the fixture recipes, Friday's dinner and Saturday's lunch), for bodies naming `bounds-week`. */
  snapshotId: string;
  catalogSessionId: string;
  shopRunId: string;
}

interface Request {
  path: string;
  headers?: Record<string, string>;
  /** The body as sent: the variant with its identifiers made fresh where the API refuses a second create. */
  body?: unknown;
}

interface OperationCase {
  /** Named valid bodies; more than one where the schema has alternatives a single body cannot visit. */
  bases: Record<string, unknown>;
  /** The concrete request for one body: its path (resources created as needed), headers, fresh ids. */
  request(setup: Setup, body: unknown): Promise<Request> | Request;
  /** Properties a body filled to maxItems repeats as in the base: references to what the setup created. */
  keep?: string[];
  /** Where the document's schema is looser than what the operation validates, the schema the operation documents in words. */
  schema?: JsonSchema;
}

/** Each variant's answer, `operation → body name → status`, printed after the run to show how deep the bodies went. */
const answers = new Map<string, Map<string, number>>();
const refusals: string[] = [];
const tally = (operation: string, name: string, status: number, text: string) => {
  if (status >= 400) refusals.push(`  ${operation} ${name}: ${status} ${text.slice(0, 300)}`);
  const seen = answers.get(operation) ?? new Map<string, number>();
  seen.set(name, status);
  answers.set(operation, seen);
};

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}`;

let server: LocalApiServer;
let runner: LocalWorkflowRunner | undefined;

const send = async (method: string, request: Request, as = tenant) => {
  const headers: Record<string, string> = { authorization: `Bearer dev:${as}`, ...request.headers };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}${request.path}`, {
    method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  return { status: res.status, text: await res.text() };
};

const ok = async (what: string, method: string, request: Request): Promise<unknown> => {
  const res = await send(method, request);
  if (res.status >= 300) throw new Error(`setup: ${what} answered ${res.status} ${res.text}`);
  return JSON.parse(res.text || "null") as unknown;
};

const createPlan = async (snapshotId: string) => {
  await ok(`POST /plans ${snapshotId}`, "POST", { path: "/plans", body: planBody(snapshotId) });
};

const createNegotiation = async (): Promise<string> => {
  if (!NEGOTIATION) throw new Error("no negotiation scenario");
  const created = (await ok("POST /negotiations", "POST", {
    path: "/negotiations",
    body: {
      orderContext: NEGOTIATION.orderContext,
      merchantInstructions: NEGOTIATION.merchantInstructions,
      supplier: { name: "Dana" },
    },
  })) as { negotiationId: string };
  return created.negotiationId;
};

/** A negotiation opened with an outreach draft (seed 003's first email) waiting for a person. */
const outreachAwaitingReview = async (): Promise<string> => {
  if (!NEGOTIATION) throw new Error("no negotiation scenario");
  const created = (await ok("POST /negotiations with an outreach draft", "POST", {
    path: "/negotiations",
    body: {
      orderContext: NEGOTIATION.orderContext,
      merchantInstructions: NEGOTIATION.merchantInstructions,
      supplier: { name: "Dana" },
      draftOutreach: true,
    },
  })) as { negotiationId: string };
  return `/negotiations/${created.negotiationId}/outreach/review`;
};

/** A negotiation whose first message waits for a person (offline, the workflow escalates and pauses). */
const messageAwaitingReview = async (): Promise<string> => {
  const negotiationId = await createNegotiation();
  const posted = (await ok("POST a supplier message", "POST", {
    path: `/negotiations/${negotiationId}/messages`,
    body: { supplierMessage: NEGOTIATION?.turns[0]?.supplierMessage },
  })) as { messageId: string };
  const messagePath = `/negotiations/${negotiationId}/messages/${posted.messageId}`;
  await waitUntil(`${messagePath} awaiting review`, async () => {
    const res = await send("GET", { path: messagePath });
    return (JSON.parse(res.text) as { status?: string }).status === "awaiting_review";
  });
  return `${messagePath}/review`;
};

const campaignItem = (): JsonSchema => {
  const campaign = doc.components?.schemas?.Campaign as JsonSchema;
  return { ...campaign, required: (campaign.required ?? []).filter((key) => key !== "updated_at") };
};

/** Every operation of docs/openapi.json with a JSON request body, by `METHOD /path`. */
const CASES: Record<string, OperationCase> = {
  "POST /campaigns": {
    bases: { campaign: { campaigns: [CAMPAIGN] } },
    request: (_, body) => ({ path: "/campaigns", body }),
    // The document says "see the Campaign schema, without updated_at; each is validated on its own".
    schema: {
      type: "object",
      properties: { campaigns: { type: "array", items: campaignItem(), minItems: 1, maxItems: 500 } },
      required: ["campaigns"],
    },
  },
  "POST /campaigns/search": {
    bases: { semantic: { tool: "semantic_search", args: { query: "travel benefits" } } },
    request: (_, body) => ({ path: "/campaigns/search", body }),
  },
  "PUT /catalog/categories/{id}": {
    bases: { names: { names: ["ноутбуки", "laptops"] } },
    request: (_, body) => ({ path: `/catalog/categories/${fresh("bounds-category")}`, body }),
  },
  "POST /catalog/products": {
    bases: {
      product: {
        products: [
          {
            id: "bounds-a1",
            name: "ASUS VivoBook 15",
            category: "laptops",
            brand: "Asus",
            price: 5_499_000,
            currency: "RUB",
            rating: 4.5,
            stock_quantity: 2,
            attributes: { ram_gb: 16 },
          },
        ],
      },
    },
    request: (_, body) => ({ path: "/catalog/products", body }),
  },
  "POST /chat/campaigns": {
    bases: { message: { message: "Show me campaigns about travel benefits" } },
    request: (_, body) => ({ path: "/chat/campaigns", body }),
  },
  "POST /chat/catalog": {
    bases: { query: { query: "покажи ноутбуки" } },
    request: (_, body) => ({ path: "/chat/catalog", body }),
  },
  "POST /chat/catalog/{sessionId}/tools/{tool}": {
    bases: { search: { query: "laptops" } },
    request: (setup, body) => ({
      path: `/chat/catalog/${setup.catalogSessionId}/tools/search_products`,
      body,
    }),
  },
  "POST /chat/kitchen": {
    bases: { message: { snapshot_id: "bounds-week", message: "swap the rice for quinoa on Friday" } },
    request: (_, body) => ({ path: "/chat/kitchen", body }),
  },
  "POST /negotiations": {
    bases: {
      negotiation: {
        orderContext: { ...NEGOTIATION?.orderContext, targetPrice: 4.5, lastKnownPrice: 4.8 },
        merchantInstructions: NEGOTIATION?.merchantInstructions,
        supplier: { name: "Dana", company: "Oat Farms Ltd", email: "dana@example.com" },
      },
    },
    request: (_, body) => ({ path: "/negotiations", body }),
  },
  "POST /negotiations/{negotiation_id}/messages": {
    bases: { message: { supplierMessage: NEGOTIATION?.turns[0]?.supplierMessage } },
    request: async (_, body) => ({ path: `/negotiations/${await createNegotiation()}/messages`, body }),
  },
  "POST /negotiations/{negotiation_id}/messages/{message_id}/review": {
    bases: {
      approve: {
        decision: "approve",
        text: "Thanks Dana, 4.20 per unit with delivery in 10 days works for us.",
      },
    },
    request: async (_, body) => ({ path: await messageAwaitingReview(), body }),
  },
  "POST /negotiations/{negotiation_id}/outreach/review": {
    bases: {
      approve: {
        decision: "approve",
        text: "Hello Dana, we would like a quote for 2,000 units of oat milk.",
      },
    },
    request: async (_, body) => ({ path: await outreachAwaitingReview(), body }),
  },
  "POST /plans": {
    bases: { plan: planBody("bounds-plan") },
    keep: ["recipe_id"],
    // A snapshot id names one plan: each body plans its own.
    request: (_, body) => ({
      path: "/plans",
      body: { ...(body as object), snapshot_id: fresh("bounds-plan") },
    }),
  },
  "POST /plans/{snapshot_id}/meals/{date}/{meal_type}/variant": {
    bases: {
      ops: {
        ops: [
          REPLACE_CHICKEN_WITH_TOFU,
          { op: "add_component", component: { role: "side", recipe_id: "red-lentil-soup" } },
        ],
      },
      components: {
        ops: [
          {
            op: "swap_component",
            target_index: 0,
            target_recipe_id: "garlic-bread",
            replacement: { recipe_id: "red-lentil-soup" },
          },
        ],
      },
      instruction: { instruction: "replace the white rice with quinoa" },
    },
    // Each body edits a fresh plan, so no body meets another's edit.
    request: async (_, body) => {
      const snapshotId = fresh("bounds-variant");
      await createPlan(snapshotId);
      return { path: `/plans/${snapshotId}/meals/${DINNER.date}/${DINNER.meal_type}/variant`, body };
    },
  },
  "PUT /recipes/{recipe_id}": {
    bases: { recipe: { ...RECIPES["chicken-stir-fry"], locale: "en-GB" } },
    request: (_, body) => ({ path: `/recipes/${fresh("bounds-recipe")}`, body }),
  },
  "PUT /shop/preferences": {
    bases: {
      preferences: {
        defaultPolicy: { policy: "specific", productIds: ["oat-milk-1l"] },
        itemPolicies: { "sweet-potato-1kg": { policy: "specific", productIds: ["sweet-potato-500g"] } },
        pinnedBrands: ["Oatly"],
        bannedBrands: ["Iglo"],
        priceCapPercent: 20,
        slots: { days: ["sat"], earliestHour: 9, latestHour: 18, maxFeeCents: 500 },
        weeklyRun: { weekday: "fri", hour: 7 },
      },
    },
    request: (_, body) => ({ path: "/shop/preferences", body }),
  },
  "PUT /shop/store-account": {
    bases: { account: { email: "ana@example.com", password: "a store password" } },
    request: (_, body) => ({ path: "/shop/store-account", body }),
  },
  "POST /shop/runs": {
    bases: {
      plan: {
        plan_snapshot_id: "bounds-week",
        options: { maxConcurrency: 5, skipPrune: false, skipSlots: true },
      },
    },
    request: (_, body) => ({ path: "/shop/runs", headers: { "idempotency-key": fresh("bounds-run") }, body }),
  },
  "POST /shop/runs/{runId}/decisions": {
    bases: { keep: { decisions: [{ pruneProductId: SHOP_RUN_PRUNE_ID, action: "keep" }] } },
    request: (setup, body) => ({ path: `/shop/runs/${setup.shopRunId}/decisions`, body }),
  },
  "POST /shop/substitutes/queries": {
    bases: {
      query: { productName: "Sweet potato 1 kg", productCategory: "Vegetables", originalPrice: 1.69 },
    },
    request: (_, body) => ({ path: "/shop/substitutes/queries", body }),
  },
  "POST /shop/substitutes/rank": {
    bases: {
      rank: {
        originalProduct: { name: "Sweet potato 1 kg", price: 1.69, pricePerUnit: "1.69 €/Kg", size: "1 kg" },
        candidates: [
          {
            productId: "sweet-potato-500g",
            name: "Sweet potato 500 g",
            price: 0.99,
            pricePerUnit: "1.98 €/Kg",
            brand: "Horta",
            size: "500 g",
            available: true,
          },
        ],
      },
    },
    request: (_, body) => ({ path: "/shop/substitutes/rank", body }),
  },
};

const operationsWithBodies = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) => {
    const schema = operation.requestBody?.content?.["application/json"]?.schema;
    return schema ? [{ name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), schema }] : [];
  }),
);

interface Planned {
  operation: string;
  method: string;
  base: string;
  variant: BoundVariant;
}
const planned: Planned[] = [];
const skipped: Array<SkippedBound & { operation: string }> = [];
for (const { name, method, schema } of operationsWithBodies) {
  const operationCase = CASES[name];
  if (!operationCase) continue;
  for (const [baseName, base] of Object.entries(operationCase.bases)) {
    const plan = boundVariants(operationCase.schema ?? schema, base, doc, { keep: operationCase.keep ?? [] });
    for (const variant of plan.variants) planned.push({ operation: name, method, base: baseName, variant });
    for (const skip of plan.skipped) skipped.push({ operation: name, ...skip });
  }
}

const setup: Setup = { snapshotId: "bounds-week", catalogSessionId: "", shopRunId: "" };

beforeAll(async () => {
  // A 5xx's cause is in the server's log: let errors through (the suite's default is SILENT).
  server = await startLocalApiServer({ LOG_LEVEL: "ERROR" });
  const negotiation = await createLocalWorkflowRunner({
    workflows: allWorkflows().filter((w) => w.name === "negotiation"),
    retryIntervalMs: 0,
  });
  runner = negotiation;
  let held = 0;
  // The negotiation workflow runs; any other start (the shop coordinator) is recorded and never run.
  const port: WorkflowPort = {
    start: (name, input, options) => {
      if (name === "negotiation") return negotiation.start(name, input, options);
      held += 1;
      return Promise.resolve({
        executionId: `arn:aws:states:local:000000000000:execution:${name}:${options?.executionName ?? `held-${held}`}`,
        startedAt: new Date().toISOString(),
      });
    },
    describe: (id) => negotiation.describe(id),
    sendTaskSuccess: (token, output) => negotiation.sendTaskSuccess(token, output),
    sendTaskFailure: (token, error, cause) => negotiation.sendTaskFailure(token, error, cause),
  };
  installLocalWorkflowPort(port);

  for (const [recipeId, body] of Object.entries(RECIPES)) {
    await ok(`PUT /recipes/${recipeId}`, "PUT", { path: `/recipes/${recipeId}`, body });
  }
  await createPlan(setup.snapshotId);
  await ok("PUT /catalog/categories/laptops", "PUT", {
    path: "/catalog/categories/laptops",
    body: { names: ["ноутбуки", "laptops"] },
  });
  await ok("POST /catalog/products", "POST", {
    path: "/catalog/products",
    body: CASES["POST /catalog/products"]?.bases.product,
  });
  await ok("POST /campaigns", "POST", { path: "/campaigns", body: { campaigns: [CAMPAIGN] } });
  const chat = (await ok("POST /chat/catalog", "POST", {
    path: "/chat/catalog",
    body: { query: "покажи ноутбуки" },
  })) as { sessionId: string };
  setup.catalogSessionId = chat.sessionId;

  const run = (await ok("POST /shop/runs", "POST", {
    path: "/shop/runs",
    body: { plan_snapshot_id: setup.snapshotId },
  })) as { runId: string };
  setup.shopRunId = run.runId;
  // What the coordinator would have stored at the end: one substitution and one prune proposal to decide on.
  const table = createAppTable({
    TABLE_NAME: process.env.TABLE_NAME ?? "",
    DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT ?? "",
  });
  try {
    const runs = createDynamoShopRunRepository(table.forTenant(tenant));
    const updated = await runs.updateRun(run.runId, (header) => ({
      ...header,
      status: "succeeded",
      endedAt: new Date().toISOString(),
      result: {
        substitutions: [],
        summary: "One item to keep or remove.",
        totalUnavailable: 0,
        totalWithSubstitutes: 0,
        failedItems: [],
        cartAdditions: [],
        pruned: [{ productId: SHOP_RUN_PRUNE_ID, name: "Oat milk 1 l", reason: "bought 3 days ago" }],
        slots: [],
        usage: { calls: 0, failedCalls: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0, offlineCalls: 0 },
        degraded: false,
        heuristicSteps: {},
        offline: true,
      },
    }));
    if (updated?.status !== "succeeded")
      throw new Error(`setup: run ${run.runId} not found to mark succeeded`);
  } finally {
    table.destroy();
  }
}, scaledTimeout(120_000));

afterAll(async () => {
  const lines = [...answers].map(([operation, seen]) => {
    const counts = new Map<number, number>();
    for (const status of seen.values()) counts.set(status, (counts.get(status) ?? 0) + 1);
    return `  ${operation}: ${[...counts].map(([status, n]) => `${n}×${status}`).join(", ")}`;
  });
  console.info(`statuses of the bounded bodies:\n${lines.join("\n")}\nrefused:\n${refusals.join("\n")}`);
  await server?.stop();
  await runner?.stop();
  installLocalWorkflowPort(undefined);
});

describe("request bodies at their documented bounds", () => {
  it("has a valid base body for every operation with a JSON request body", () => {
    expect(operationsWithBodies.length).toBeGreaterThan(0);
    const missing = operationsWithBodies.map((o) => o.name).filter((name) => CASES[name] === undefined);
    expect(missing, "operations with a request body but no base body in this test").toEqual([]);
    const stale = Object.keys(CASES).filter((name) => !operationsWithBodies.some((o) => o.name === name));
    expect(stale, "base bodies for operations the document no longer has").toEqual([]);
  });
});

// One describe per operation, one test per body, so a failure names the operation, the base and the field path.
for (const { name: operation, method } of operationsWithBodies) {
  const operationCase = CASES[operation];
  if (!operationCase) continue;
  describe(operation, () => {
    it.each(Object.entries(operationCase.bases))("accepts its base body (%s)", async (_, body) => {
      const res = await send(method, await operationCase.request(setup, body));
      expect(res.status, res.text).toBeGreaterThanOrEqual(200);
      expect(res.status, res.text).toBeLessThan(300);
    });

    const variants = planned
      .filter((p) => p.operation === operation)
      .map((p) => [`${p.variant.name} (base ${p.base})`, p.variant] as const);
    it.each(variants)("%s answers below 500", async (_, variant) => {
      const res = await send(method, await operationCase.request(setup, variant.body));
      tally(operation, variant.name, res.status, res.text);
      expect(res.status, `${operation} ${variant.name}: ${res.text.slice(0, 500)}`).toBeLessThan(500);
    });
  });
}

describe("the boundary values", () => {
  it("names every bound it cannot set", () => {
    // Printed for the record: what the generator left at the base value, and why.
    console.info(
      `${planned.length} variants over ${operationsWithBodies.length} operations; skipped:\n${skipped
        .map((s) => `  ${s.operation} ${s.path}: ${s.reason}`)
        .join("\n")}`,
    );
    for (const skip of skipped) expect(skip.reason).not.toBe("");
  });
});
