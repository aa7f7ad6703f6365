import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import { loadFunctionHandler } from "../../../dev/load-handler";
import type { HttpApiHandler } from "../../../functions/core/http/lambda-handler";
import { allFunctions, allRoutes } from "../../../lib/areas";
import type { LarderClient } from "../../../sdk/larder-client";
import { checkedClient } from "../../support/checked-client";
import {
  CHICKEN_STIR_FRY_ID,
  DINNER,
  planBody,
  RECIPES,
  REPLACE_CHICKEN_WITH_TOFU,
} from "../../support/cook/cook-fixtures";
import { createTestTable } from "../../support/table";

// The API as a client developer meets it: every call goes through the generated typed client
// (sdk/larder-client.ts) against the local API server and the real Lambda entries over DynamoDB Local,
// and every answer is checked against docs/openapi.json (tests/support/checked-client.ts).

let table: Awaited<ReturnType<typeof createTestTable>>;
let server: RunningApiServer;
let tableDropped = false;

beforeAll(async () => {
  table = await createTestTable();
  vi.stubEnv("TABLE_NAME", table.tableName);
  vi.stubEnv("DYNAMODB_ENDPOINT", table.endpoint);
  vi.stubEnv("DATABASE_URL", inject("databaseUrl"));
  vi.stubEnv("LLM_PROVIDER", "none");
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
  if (table && !tableDropped) await table.drop();
  else table?.client.destroy();
  vi.unstubAllEnvs();
});

const as = (tenant: string | null): LarderClient => checkedClient(server.url, tenant);
const meal = (snapshot_id: string) => ({ path: { snapshot_id, ...DINNER } });

describe("cook through the typed client", () => {
  it("stores recipes and a plan, makes a variant, and reads the cook view and the shopping list", async () => {
    const alice = as("alice");
    for (const [recipe_id, body] of Object.entries(RECIPES)) {
      const put = await alice.PUT("/recipes/{recipe_id}", { params: { path: { recipe_id } }, body });
      expect(put.response.status).toBe(201);
    }
    const created = await alice.POST("/plans", { body: planBody("client-week") });
    expect(created.data?.snapshot_id).toBe("client-week");

    const variant = await alice.POST("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
      params: meal("client-week"),
      body: { ops: [REPLACE_CHICKEN_WITH_TOFU] },
    });
    expect(variant.error).toBeUndefined();
    expect(variant.data?.needs_clarification).toBe(false);

    const cook = await alice.GET("/cook/{id}", {
      params: { path: { id: `variant:client-week:${DINNER.date}:${DINNER.meal_type}` } },
    });
    expect(JSON.stringify(cook.data)).toContain("firm tofu");

    const list = await alice.GET("/plans/{snapshot_id}/shopping-list", {
      params: { path: { snapshot_id: "client-week" } },
    });
    const names = (list.data?.items ?? []).map((item) => JSON.stringify(item));
    expect(names.some((item) => item.includes("tofu"))).toBe(true);
    expect(names.some((item) => item.includes("chicken"))).toBe(false);

    const cleared = await alice.DELETE("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
      params: meal("client-week"),
    });
    expect(cleared.response.status).toBe(204);
    const recipe = await alice.GET("/recipes/{recipe_id}", {
      params: { path: { recipe_id: CHICKEN_STIR_FRY_ID } },
    });
    expect(recipe.data?.recipe_id).toBe(CHICKEN_STIR_FRY_ID);
  });

  it("answers its errors in the documented shape: 404, 400 naming the field, 422, 401", async () => {
    const alice = as("alice");
    const missing = await alice.GET("/plans/{snapshot_id}", {
      params: { path: { snapshot_id: "no-such-week" } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBeTruthy();

    const invalid = await alice.POST("/plans", {
      body: {
        snapshot_id: "bad-week",
        planned_meals: [{ date: "06/01/2025", meal_type: "dinner", recipe_id: "x" }],
      },
    });
    expect(invalid.response.status).toBe(400);
    expect(JSON.stringify(invalid.error?.error.details)).toContain("body.planned_meals.0.date");

    const refused = await alice.POST("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
      params: meal("client-week"),
      body: { ops: [{ ...REPLACE_CHICKEN_WITH_TOFU, target_index: 99 }] },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.error.code).toBe("patch_invalid");

    const anonymous = await as(null).GET("/plans/{snapshot_id}", {
      params: { path: { snapshot_id: "client-week" } },
    });
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.error.code).toBe("unauthorized");
  });
});

describe("platform through the typed client", () => {
  it("serves the OpenAPI document and a health report", async () => {
    const anonymous = as(null);
    const document = await anonymous.GET("/openapi.json");
    expect(document.data).toMatchObject({ openapi: "3.1.0" });
    const health = await anonymous.GET("/health");
    expect(health.response.status).toBe(200);
    expect(health.data?.checks.table?.status).toBe("ok");
  });

  it("answers 503 degraded, in the documented health shape, when the table is gone", async () => {
    await table.client.send(new DeleteTableCommand({ TableName: table.tableName }));
    tableDropped = true;
    const health = await as(null).GET("/health");
    expect(health.response.status).toBe(503);
    expect(health.error).toMatchObject({ status: "degraded", checks: { table: { status: "down" } } });
  });
});
