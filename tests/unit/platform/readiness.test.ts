import { describe, expect, it } from "vitest";
import { createStartupStep, runReadinessChecks, summarizeLocalHealth } from "../../../dev/readiness";
import { summarizeHealth } from "../../../functions/platform/http/create-platform-app";

describe("summarizeHealth (what GET /health answers for a set of checks)", () => {
  it("is 200 ok when every check is ok or disabled", () => {
    expect(summarizeHealth({ table: { status: "ok" }, schedules: { status: "disabled" } })).toEqual({
      httpStatus: 200,
      body: { status: "ok", checks: { table: { status: "ok" }, schedules: { status: "disabled" } } },
    });
  });

  it("is 503 starting while a part is still starting, so health-waiting tools keep waiting", () => {
    const health = summarizeHealth({ table: { status: "ok" }, demo_data: { status: "starting" } });
    expect(health.httpStatus).toBe(503);
    expect(health.body.status).toBe("starting");
  });

  it("is 503 degraded when a part is down, even while another is starting", () => {
    const health = summarizeHealth({ store: { status: "down" }, demo_data: { status: "starting" } });
    expect(health).toMatchObject({ httpStatus: 503, body: { status: "degraded" } });
  });
});

describe("the local stack's readiness checks", () => {
  it("reports each named check, and a check that throws as down with its message", async () => {
    const checks = await runReadinessChecks([
      { name: "dynamodb_local", check: () => ({ status: "ok" }) },
      { name: "postgres", check: async () => ({ status: "starting", detail: "migrating" }) },
      {
        name: "store",
        check: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:3001");
        },
      },
    ]);
    expect(checks).toEqual({
      dynamodb_local: { status: "ok" },
      postgres: { status: "starting", detail: "migrating" },
      store: { status: "down", detail: "connect ECONNREFUSED 127.0.0.1:3001" },
    });
  });

  it("keeps a startup step (demo data) starting until it is marked ready", () => {
    const demo = createStartupStep(true, "loading the demo recipes and plan");
    expect(demo.check()).toEqual({ status: "starting", detail: "loading the demo recipes and plan" });
    demo.ready("plan demo-week for tenant demo");
    expect(demo.check()).toEqual({ status: "ok", detail: "plan demo-week for tenant demo" });
  });

  it("reports a startup step the stack runs without as disabled, which does not hold readiness back", () => {
    const demo = createStartupStep(false, "loading the demo recipes and plan");
    expect(demo.check()).toEqual({ status: "disabled" });
    expect(summarizeHealth({ demo_data: demo.check() }).httpStatus).toBe(200);
  });
});

describe("summarizeLocalHealth (the local stack's GET /health while it starts)", () => {
  const checks = {
    store: { status: "down" as const, detail: "timed out" },
    table: { status: "ok" as const },
  };

  it("is 503 starting, never degraded, before the stack has been ready, each check keeping its status", () => {
    expect(summarizeLocalHealth(checks, true)).toEqual({
      httpStatus: 503,
      body: { status: "starting", checks },
    });
  });

  it("is degraded for a part down once the stack has been ready", () => {
    expect(summarizeLocalHealth(checks, false)).toMatchObject({
      httpStatus: 503,
      body: { status: "degraded" },
    });
  });

  it("is 200 ok as soon as every check is ok, starting or not", () => {
    expect(summarizeLocalHealth({ table: { status: "ok" } }, true).httpStatus).toBe(200);
  });
});
