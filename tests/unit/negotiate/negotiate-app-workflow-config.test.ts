import { describe, expect, it } from "vitest";
import { createInMemoryNegotiationRepository } from "../../../dev/negotiate/in-memory-negotiation-repository";
import { ConfigError } from "../../../functions/core/errors";
import { createLogger } from "../../../functions/core/logger";
import type { WorkflowPort } from "../../../functions/core/workflow/workflow-port";
import { buildNegotiateApp } from "../../../functions/negotiate/wiring/negotiate-app-wiring";
import { buildHttpApiEvent } from "../../support/http-api-event";
import { merchantInstructions, orderContext } from "../../support/negotiate/negotiation-fixtures";

/** The API as deployed without WORKFLOW_ARNS: resolving the workflow port throws, as readWorkflowArns does. */
const appWithoutWorkflows = () => {
  let resolutions = 0;
  const repository = createInMemoryNegotiationRepository();
  const app = buildNegotiateApp({
    logger: createLogger("negotiate-app-test"),
    repositoryFor: () => repository,
    workflows: (): WorkflowPort => {
      resolutions += 1;
      throw new ConfigError("WORKFLOW_ARNS is not set");
    },
    now: () => new Date("2026-11-24T10:00:00Z"),
    newNegotiationId: () => "neg_abcdef123456",
  });
  const call = (path: string, init: RequestInit = {}) =>
    app.request(path, init, {
      event: buildHttpApiEvent({ method: init.method ?? "GET", path, claims: { tenant: "alice" } }),
    });
  return { call, resolutions: () => resolutions };
};

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("negotiate API without a workflow configured", () => {
  it("creates and reads negotiations without resolving the workflow port", async () => {
    const { call, resolutions } = appWithoutWorkflows();
    const created = await call(
      "/negotiations",
      json({ orderContext, merchantInstructions, supplier: { name: "Dana" } }),
    );
    expect(created.status).toBe(201);
    const read = await call("/negotiations/neg_abcdef123456");
    expect(read.status).toBe(200);
    expect(((await read.json()) as { negotiationId: string }).negotiationId).toBe("neg_abcdef123456");
    expect((await call("/negotiations/neg_ffffffffffff")).status).toBe(404);
    expect(resolutions()).toBe(0);
  });

  it("fails only the request that starts a workflow, with a generic 500", async () => {
    const { call, resolutions } = appWithoutWorkflows();
    await call("/negotiations", json({ orderContext, merchantInstructions, supplier: { name: "Dana" } }));
    const posted = await call(
      "/negotiations/neg_abcdef123456/messages",
      json({ supplierMessage: "We can do $4.95 per unit." }),
    );
    expect(posted.status).toBe(500);
    expect(JSON.stringify(await posted.json())).not.toContain("WORKFLOW_ARNS");
    expect(resolutions()).toBe(1);
  });
});
