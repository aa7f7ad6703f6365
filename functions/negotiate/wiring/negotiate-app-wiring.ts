import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../../core/http/api-env";
import { lazyPort } from "../../core/lazy";
import type { LlmPort } from "../../core/llm/llm-port";
import type { Logger } from "../../core/logger";
import { withRequestScope } from "../../core/request-scope";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { NegotiationDeps } from "../domain/negotiation-deps";
import type { NegotiationRepository } from "../domain/ports/negotiation-repository";
import { createNegotiateApp, type NegotiateApiDeps } from "../http/create-negotiate-app";

/** What the negotiate API is built from: the deployed table and model (negotiate-api-wiring.ts) or a test's. */
export interface NegotiateAppSources {
  logger: Logger;
  repositoryFor(tenant: string): NegotiationRepository;
  /**
   * Resolved when a use case starts or resumes a workflow, not before: the local stack installs its runner
   * after the handler module loads, and routes that only read never need a workflow configured.
   */
  workflows(): WorkflowPort;
  now: () => Date;
  newNegotiationId: () => string;
  /** The container's model, for the outreach draft; absent, the template drafts it. */
  llm?: LlmPort;
  maxBodyBytes?: number;
}

const workflowMethods = ["start", "describe", "sendTaskSuccess", "sendTaskFailure"] as const;

/**
 * The API's deps: each request's in the core request scope, its model bounded by the request's model
 * deadline and its usage logged once, its workflow port resolved on the first call that needs one.
 */
export const negotiateApiDeps = (sources: NegotiateAppSources): NegotiateApiDeps => ({
  logger: sources.logger,
  ...(sources.maxBodyBytes === undefined ? {} : { maxBodyBytes: sources.maxBodyBytes }),
  inRequestScope: (request, use) => {
    const base = (tenant: string): NegotiationDeps => ({
      tenant,
      repository: sources.repositoryFor(tenant),
      workflows: lazyPort(async () => sources.workflows(), workflowMethods),
      now: sources.now,
      newNegotiationId: sources.newNegotiationId,
    });
    const { llm } = sources;
    if (!llm) return use(base(request.tenant));
    return withRequestScope(llm, request, (scope) => use({ ...base(scope.tenant), llm: scope.llm }));
  },
});

/** The negotiate HTTP app over the given sources. */
export const buildNegotiateApp = (sources: NegotiateAppSources): OpenAPIHono<ApiEnv> =>
  createNegotiateApp(negotiateApiDeps(sources));
