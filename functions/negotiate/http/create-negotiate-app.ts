import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiEnv } from "../../core/http/api-env";
import { createApi } from "../../core/http/create-api";
import type { LlmPort } from "../../core/llm/llm-port";
import { openModelSession } from "../../core/llm/model-session";
import type { Logger } from "../../core/logger";
import { deferredWorkflowPort } from "../../core/workflow/deferred-workflow-port";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { NegotiationDeps } from "../domain/negotiation-deps";
import type { NegotiationRepository } from "../domain/ports/negotiation-repository";
import { createNegotiation } from "../domain/use-cases/create-negotiation";
import { getMessage } from "../domain/use-cases/get-message";
import { getNegotiation } from "../domain/use-cases/get-negotiation";
import { receiveSupplierMessage } from "../domain/use-cases/receive-supplier-message";
import { reviewMessage } from "../domain/use-cases/review-message";
import { reviewOutreach } from "../domain/use-cases/review-outreach";
import {
  createNegotiationRoute,
  getNegotiationMessageRoute,
  getNegotiationRoute,
  postSupplierMessageRoute,
  reviewNegotiationMessageRoute,
  reviewOutreachRoute,
} from "./negotiate-routes";

/** What the negotiate HTTP app needs, built once per container by functions/negotiate/api.ts or a test. */
export interface NegotiateApiDeps {
  logger: Logger;
  repositoryFor(tenant: string): NegotiationRepository;
  /**
   * Resolved when a use case starts or resumes a workflow, not before: the local stack installs its runner
   * after the handler module loads, and routes that only read never need a workflow configured.
   */
  workflows(): WorkflowPort;
  now: () => Date;
  newNegotiationId: () => string;
  /** The container's model, for the outreach draft; each request bounds it by its model deadline. */
  llm?: LlmPort;
  maxBodyBytes?: number;
}

/**
 * The negotiate area's HTTP API (seed 003). Each handler validates with the route's zod schemas, runs one
 * use case on the tenant's repository and maps the result; errors go through the shared mapping.
 */
export const createNegotiateApp = (deps: NegotiateApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    ...(deps.maxBodyBytes === undefined ? {} : { maxBodyBytes: deps.maxBodyBytes }),
  });
  const workflows = deferredWorkflowPort(() => deps.workflows());
  const negotiationDeps = (c: Context<ApiEnv>): NegotiationDeps => ({
    tenant: c.get("tenant"),
    repository: deps.repositoryFor(c.get("tenant")),
    workflows,
    now: deps.now,
    newNegotiationId: deps.newNegotiationId,
    ...(deps.llm ? { llm: openModelSession(deps.llm, { deadline: c.get("modelDeadline") }).llm } : {}),
  });

  app.openapi(createNegotiationRoute, async (c) =>
    c.json(await createNegotiation(negotiationDeps(c), c.req.valid("json")), 201),
  );

  app.openapi(getNegotiationRoute, async (c) =>
    c.json(await getNegotiation(negotiationDeps(c), c.req.valid("param").negotiation_id), 200),
  );

  app.openapi(postSupplierMessageRoute, async (c) => {
    const { negotiation_id } = c.req.valid("param");
    const { supplierMessage } = c.req.valid("json");
    return c.json(await receiveSupplierMessage(negotiationDeps(c), negotiation_id, supplierMessage), 202);
  });

  app.openapi(getNegotiationMessageRoute, async (c) => {
    const { negotiation_id, message_id } = c.req.valid("param");
    return c.json(await getMessage(negotiationDeps(c), negotiation_id, message_id), 200);
  });

  app.openapi(reviewNegotiationMessageRoute, async (c) => {
    const { negotiation_id, message_id } = c.req.valid("param");
    return c.json(
      await reviewMessage(negotiationDeps(c), negotiation_id, message_id, c.req.valid("json")),
      202,
    );
  });

  app.openapi(reviewOutreachRoute, async (c) =>
    c.json(
      await reviewOutreach(negotiationDeps(c), c.req.valid("param").negotiation_id, c.req.valid("json")),
      200,
    ),
  );

  return app;
};
