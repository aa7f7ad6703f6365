import { describe, expect, it } from "vitest";
import { createLarderClient } from "../../../sdk/larder-client";
import { documentedResponsesOnly } from "../../support/checked-client";

// The typed client as the integration tests use it: a handler whose answer drifts from docs/openapi.json
// makes the call reject, so the test that made it fails.

const answering = (status: number, body: unknown) =>
  createLarderClient({
    baseUrl: "http://larder.test",
    token: "dev:alice",
    middleware: [documentedResponsesOnly],
    fetch: async (request) => {
      expect(request.headers.get("authorization")).toBe("Bearer dev:alice");
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    },
  });

const getPlan = (client: ReturnType<typeof answering>) =>
  client.GET("/plans/{snapshot_id}", { params: { path: { snapshot_id: "demo-week" } } });

describe("the checked typed client", () => {
  it("hands a documented answer to the caller, typed", async () => {
    const plan = { snapshot_id: "demo-week", created_at: "2025-01-06T10:00:00.000Z", planned_meals: [] };
    const { data } = await getPlan(answering(200, plan));
    expect(data?.snapshot_id).toBe("demo-week");
  });

  it("rejects an answer whose body drifts from the document", async () => {
    await expect(getPlan(answering(200, { snapshot_id: 7 }))).rejects.toThrow(
      /getPlan\) 200: the body does not match/,
    );
  });

  it("rejects an error status the operation does not document", async () => {
    const conflict = { error: { code: "stale_write", message: "A newer version exists" } };
    await expect(getPlan(answering(409, conflict))).rejects.toThrow(/answered 409/);
  });
});
