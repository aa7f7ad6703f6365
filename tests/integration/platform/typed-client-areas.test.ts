import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import { anchorCampaigns } from "../../../dev/demo/demo-campaigns";
import { loadFunctionHandler } from "../../../dev/load-handler";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../../../dev/workflow-runner";
import type { HttpApiHandler } from "../../../functions/core/http/lambda-handler";
import { installLocalWorkflowPort } from "../../../functions/core/workflow/process-workflow-port";
import { allFunctions, allRoutes, allWorkflows } from "../../../lib/areas";
import type { LarderClient } from "../../../sdk/larder-client";
import { checkedClient } from "../../support/checked-client";
import { SWEET_POTATO_CANDIDATES, SWEET_POTATO_ORIGINAL } from "../../support/shop/coordinator-fixtures";
import { createTestTable } from "../../support/table";

// The areas that landed after cook (shop, negotiate, catalog chat, campaigns chat) as a client developer meets
// them: every call goes through the generated typed client against the local API server and the real Lambda
// entries over DynamoDB Local and PGlite, and every answer is checked against docs/openapi.json
// (tests/support/checked-client.ts). Only calls that finish without a browser or a workflow run, so quick.

let table: Awaited<ReturnType<typeof createTestTable>>;
let server: RunningApiServer;
let runner: LocalWorkflowRunner | undefined;

beforeAll(async () => {
  table = await createTestTable();
  vi.stubEnv("TABLE_NAME", table.tableName);
  vi.stubEnv("DYNAMODB_ENDPOINT", table.endpoint);
  vi.stubEnv("DATABASE_URL", inject("databaseUrl"));
  vi.stubEnv("LLM_PROVIDER", "none");
  // The negotiate API hands every use case the process's workflow port, as `npm start` installs it; no call
  // below starts an execution.
  runner = await createLocalWorkflowRunner({
    workflows: allWorkflows().filter((w) => w.name === "negotiation"),
    retryIntervalMs: 0,
  });
  installLocalWorkflowPort(runner);
  server = await startApiServer({
    host: "127.0.0.1",
    port: 0,
    routes: allRoutes(),
    functions: allFunctions(),
    loadHandler: (fn) => loadFunctionHandler<HttpApiHandler>(fn),
  });
});

afterAll(async () => {
  await server?.close();
  await runner?.stop();
  installLocalWorkflowPort(undefined);
  await table?.drop();
  vi.unstubAllEnvs();
});

// Fresh tenants a run: the Postgres-backed areas share the one database of the integration global setup.
const tenant = `tc-${randomUUID().slice(0, 8)}`;
const stranger = `tc-${randomUUID().slice(0, 8)}`;
const as = (who: string): LarderClient => checkedClient(server.url, who);

describe("shop through the typed client", () => {
  it("ranks substitutes by value and stores preferences", async () => {
    const client = as(tenant);
    const ranked = await client.POST("/shop/substitutes/rank", {
      body: {
        originalProduct: { name: SWEET_POTATO_ORIGINAL.name, price: 1.69, pricePerUnit: "4.22 €/Kg" },
        candidates: SWEET_POTATO_CANDIDATES.slice(0, 3).map(({ categoryPath: _, ...c }) => c),
      },
    });
    expect(ranked.response.status).toBe(200);
    expect(ranked.data?.rankings).toHaveLength(3);
    expect(ranked.data?.rankings[0]?.rank).toBe(1);

    const put = await client.PUT("/shop/preferences", { body: { bannedBrands: ["Iglo"] } });
    expect(put.response.status).toBe(200);
    const preferences = await client.GET("/shop/preferences");
    expect(preferences.data?.bannedBrands).toEqual(["Iglo"]);
  });

  it("answers 400 naming the field and 404 for a run it does not know", async () => {
    const client = as(tenant);
    const invalid = await client.POST("/shop/substitutes/rank", {
      body: { originalProduct: { name: "x", price: -1 }, candidates: [] },
    });
    expect(invalid.response.status).toBe(400);
    expect(JSON.stringify(invalid.error?.error.details)).toContain("body.originalProduct.price");

    const missing = await client.GET("/shop/runs/{runId}", { params: { path: { runId: "no-such-run" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBeTruthy();
  });
});

describe("negotiate through the typed client", () => {
  const scenario = NEGOTIATION_SCENARIOS[0];

  it("creates a negotiation and reads it back; another tenant gets 404", async () => {
    if (!scenario) throw new Error("no negotiation scenario");
    const created = await as(tenant).POST("/negotiations", {
      body: {
        orderContext: scenario.orderContext,
        merchantInstructions: scenario.merchantInstructions,
        supplier: { name: "Dana" },
      },
    });
    expect(created.response.status).toBe(201);
    const negotiationId = created.data?.negotiationId;
    if (!negotiationId) throw new Error("no negotiationId in the answer");

    const read = await as(tenant).GET("/negotiations/{negotiation_id}", {
      params: { path: { negotiation_id: negotiationId } },
    });
    expect(read.response.status).toBe(200);
    expect(JSON.stringify(read.data)).toContain(negotiationId);

    const foreign = await as(stranger).GET("/negotiations/{negotiation_id}", {
      params: { path: { negotiation_id: negotiationId } },
    });
    expect(foreign.response.status).toBe(404);
  });

  it("answers 400 naming the field for a negotiation without its order context", async () => {
    if (!scenario) throw new Error("no negotiation scenario");
    const invalid = await as(tenant).POST("/negotiations", {
      // @ts-expect-error the client types refuse the missing field; the server must too.
      body: { merchantInstructions: scenario.merchantInstructions, supplier: { name: "Dana" } },
    });
    expect(invalid.response.status).toBe(400);
    expect(JSON.stringify(invalid.error?.error.details)).toContain("orderContext");
  });
});

describe("catalog chat through the typed client", () => {
  it("ingests products, reads one, and answers a chat message offline", async () => {
    const client = as(tenant);
    const category = await client.PUT("/catalog/categories/{id}", {
      params: { path: { id: "laptops" } },
      body: { names: ["ноутбуки", "ноутбук", "laptops"] },
    });
    expect(category.response.status).toBe(200);
    const ingest = await client.POST("/catalog/products", {
      body: {
        products: [
          {
            id: "tc-a1",
            name: "ASUS VivoBook 15",
            category: "laptops",
            brand: "Asus",
            price: 5_499_000,
            currency: "RUB",
            rating: 4.5,
            stock_quantity: 2,
          },
        ],
      },
    });
    expect(ingest.data).toEqual({ upserted: 1 });
    const product = await client.GET("/catalog/products/{id}", { params: { path: { id: "tc-a1" } } });
    expect(product.data?.name).toBe("ASUS VivoBook 15");

    const answer = await client.POST("/chat/catalog", { body: { query: "покажи ноутбуки" } });
    expect(answer.response.status).toBe(200);
    expect(answer.data?.tool_result).toBe("ok: found 1 products");
    const sessionId = answer.data?.sessionId;
    if (!sessionId) throw new Error("no sessionId in the answer");
    const session = await client.GET("/chat/catalog/{sessionId}", { params: { path: { sessionId } } });
    expect(session.response.status).toBe(200);
  });

  it("answers 404 for another tenant's product and 400 naming the field", async () => {
    const foreign = await as(stranger).GET("/catalog/products/{id}", { params: { path: { id: "tc-a1" } } });
    expect(foreign.response.status).toBe(404);
    const invalid = await as(tenant).POST("/chat/catalog", { body: { query: "" } });
    expect(invalid.response.status).toBe(400);
    expect(JSON.stringify(invalid.error?.error.details)).toContain("query");
  });
});

describe("campaigns and the campaigns chat through the typed client", () => {
  it("ingests campaigns, reads one, searches them and chats about them offline", async () => {
    const client = as(tenant);
    const ingest = await client.POST("/campaigns", { body: { campaigns: anchorCampaigns(new Date()) } });
    expect(ingest.response.status).toBe(200);
    expect(ingest.data?.invalid).toBe(0);
    const one = await client.GET("/campaigns/{id}", { params: { path: { id: "demo-anchor-lounge" } } });
    expect(one.data?.company).toBe("Atlas Airways");
    const search = await client.POST("/campaigns/search", {
      body: { tool: "full_text_search", args: { query: '"price protection"' } },
    });
    expect(JSON.stringify(search.data)).toContain("demo-anchor-price-protection");
    const chat = await client.POST("/chat/campaigns", {
      body: { message: "Show me campaigns that mention airport lounge" },
    });
    expect(chat.response.status).toBe(200);
    expect(chat.data).toMatchObject({ status: "offline", campaigns: [{ id: "demo-anchor-lounge" }] });
  });

  it("answers 404 for another tenant's campaign and 400 naming the field", async () => {
    const foreign = await as(stranger).GET("/campaigns/{id}", {
      params: { path: { id: "demo-anchor-lounge" } },
    });
    expect(foreign.response.status).toBe(404);
    const invalid = await as(tenant).POST("/campaigns/search", {
      body: { tool: "filter_campaigns", args: { group_by: "colour" } },
    });
    expect(invalid.response.status).toBe(400);
    expect(JSON.stringify(invalid.error)).toContain("group_by");
    const emptyChat = await as(tenant).POST("/chat/campaigns", { body: { message: "" } });
    expect(emptyChat.response.status).toBe(400);
    expect(JSON.stringify(emptyChat.error?.error.details)).toContain("message");
  });
});
