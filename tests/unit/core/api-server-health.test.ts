import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import type { FunctionDefinition } from "../../../lib/definition-types";

// The local server adds its own parts (DynamoDB Local, store, runners) to the health answer of the
// PlatformApi handler. Here the handler's answer is given, to check how the two combine.

const platform: FunctionDefinition = {
  id: "Platform",
  entry: "(in memory)",
  handler: "handler",
  description: "Answers GET /health as given",
  needs: [],
};

let server: RunningApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const healthWith = async (
  handlerResult: APIGatewayProxyStructuredResultV2,
  local: Record<string, { status: "ok" | "starting" | "down" | "disabled"; detail?: string }>,
  stillStarting?: () => boolean,
) => {
  server = await startApiServer({
    host: "127.0.0.1",
    port: 0,
    routes: [{ route: "GET /health", functionId: platform.id, public: true }],
    functions: [platform],
    loadHandler: async () => async () => handlerResult,
    localHealth: async () => local,
    ...(stillStarting ? { stillStarting } : {}),
  });
  const res = await fetch(`${server.url}/health`);
  return { status: res.status, body: (await res.json()) as unknown };
};

const json = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("GET /health on the local server", () => {
  it("merges the local checks into the handler's and stays ok when all are up", async () => {
    const res = await healthWith(json(200, { status: "ok", checks: { table: { status: "ok" } } }), {
      dynamodb_local: { status: "ok" },
      schedules: { status: "disabled" },
    });
    expect(res).toEqual({
      status: 200,
      body: {
        status: "ok",
        checks: {
          dynamodb_local: { status: "ok" },
          schedules: { status: "disabled" },
          table: { status: "ok" },
        },
      },
    });
  });

  it("answers 503 degraded when a local part is down", async () => {
    const res = await healthWith(json(200, { status: "ok", checks: { table: { status: "ok" } } }), {
      store: { status: "down", detail: "HTTP 502" },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "degraded", checks: { store: { status: "down" } } });
  });

  it("answers 503 starting, not degraded, for a part down before the stack has been ready", async () => {
    const res = await healthWith(
      json(200, { status: "ok", checks: { table: { status: "ok" } } }),
      { store: { status: "down", detail: "This operation was aborted" } },
      () => true,
    );
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "starting", checks: { store: { status: "down" } } });
  });

  it("answers 503 starting while a local part (the demo data) is still being loaded", async () => {
    const res = await healthWith(json(200, { status: "ok", checks: { table: { status: "ok" } } }), {
      dynamodb_local: { status: "ok" },
      demo_data: { status: "starting", detail: "loading the demo recipes and plan" },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "starting", checks: { demo_data: { status: "starting" } } });
  });

  it("passes a failed handler's answer on instead of reporting ok", async () => {
    const failure = { error: { code: "internal", message: "Internal server error" } };
    const res = await healthWith(json(500, failure), { dynamodb_local: { status: "ok" } });
    expect(res).toEqual({ status: 500, body: failure });
  });
});
