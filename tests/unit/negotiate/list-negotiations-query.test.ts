import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createInMemoryNegotiationRepository } from "../../../dev/negotiate/in-memory-negotiation-repository";
import { createLogger } from "../../../functions/core/logger";
import { MESSAGE_STATUSES } from "../../../functions/negotiate/domain/negotiation";
import { buildNegotiateApp } from "../../../functions/negotiate/wiring/negotiate-app-wiring";
import { buildHttpApiEvent } from "../../support/http-api-event";

/** GET /negotiations needs `status`: its absence is named as such, as the OpenAPI document says. */
const app = buildNegotiateApp({
  logger: createLogger("negotiations-list-test"),
  repositoryFor: () => createInMemoryNegotiationRepository(),
  workflows: () => {
    throw new Error("a list never starts a workflow");
  },
  now: () => new Date("2026-11-24T10:00:00Z"),
  newNegotiationId: () => "neg_abcdef123456",
});
const get = (path: string) =>
  app.request(path, {}, { event: buildHttpApiEvent({ method: "GET", path, claims: { tenant: "alice" } }) });

describe("GET /negotiations", () => {
  it("without status answers 400 saying status is required and naming its values", async () => {
    const answer = await get("/negotiations");
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as {
      error: { details: { issues: { path: string; message: string }[] } };
    };
    expect(body.error.details.issues).toEqual([
      { path: "query.status", message: `required: one of ${MESSAGE_STATUSES.join(", ")}` },
    ]);
  });

  it("with a status it does not know names the values it accepts", async () => {
    const answer = await get("/negotiations?status=waiting");
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as {
      error: { details: { issues: { path: string; message: string }[] } };
    };
    expect(body.error.details.issues[0]?.message).toBe(`must be one of ${MESSAGE_STATUSES.join(", ")}`);
  });

  it("is documented so: the OpenAPI document marks status as a required query parameter", () => {
    const document = JSON.parse(readFileSync("docs/openapi.json", "utf8")) as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string; required?: boolean }[] } }>;
    };
    const status = document.paths["/negotiations"]?.get?.parameters?.find((p) => p.name === "status");
    expect(status).toMatchObject({ in: "query", required: true });
  });
});
