import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DependencyUnavailableError } from "../../../functions/core/errors";
import { createLogger } from "../../../functions/core/logger";
import {
  createPlatformApp,
  HealthResponseSchema,
} from "../../../functions/platform/http/create-platform-app";

const ACCESS_DENIED =
  "User: arn:aws:sts::123456789012:assumed-role/Larder-prod-PlatformApiRole/larder is not authorized to perform: dynamodb:GetItem";

const healthOf = async (healthChecks: Record<string, () => Promise<void>>) => {
  const app = createPlatformApp({
    logger: createLogger("platform-test"),
    healthChecks,
    openApiDocument: () => ({ openapi: "3.1.0" }),
  });
  const res = await app.request("/health");
  const text = await res.text();
  return { status: res.status, text, body: HealthResponseSchema.parse(JSON.parse(text)) };
};

describe("GET /health", () => {
  it("answers 200 with status ok and each dependency's state when every check passes", async () => {
    const res = await healthOf({ table: async () => undefined, store: async () => undefined });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", checks: { table: { status: "ok" }, store: { status: "ok" } } });
  });

  it("answers 503 with status degraded, naming the failed dependency and our error's message", async () => {
    const res = await healthOf({
      table: async () => {
        throw new DependencyUnavailableError("Probing the table: the table is unavailable");
      },
      store: async () => undefined,
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: "degraded",
      checks: {
        table: { status: "down", detail: "Probing the table: the table is unavailable" },
        store: { status: "ok" },
      },
    });
  });

  it("does not show a raw SDK error's message (accounts, roles, ARNs) to anonymous callers", async () => {
    const res = await healthOf({
      table: async () => {
        throw Object.assign(new Error(ACCESS_DENIED), { name: "AccessDeniedException" });
      },
    });
    expect(res.status).toBe(503);
    expect(res.body.checks.table?.status).toBe("down");
    expect(res.text).not.toContain("123456789012");
    expect(res.text).not.toContain("AccessDenied");
    expect(z.string().min(1).parse(res.body.checks.table?.detail)).toContain("logs");
  });
});
