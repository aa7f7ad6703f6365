import type { LlmPort } from "../../core/llm/llm-port";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { NegotiationRepository } from "./ports/negotiation-repository";

/** The workflow that processes one supplier email (lib/areas/negotiate.ts). */
export const NEGOTIATION_WORKFLOW = "negotiation";

/** What the negotiation API's use cases need; the wiring builds it for each request. */
export interface NegotiationDeps {
  tenant: string;
  /** The model for the outreach draft, bounded by the request's deadline; absent, the template drafts it. */
  llm?: LlmPort;
  repository: NegotiationRepository;
  workflows: WorkflowPort;
  now: () => Date;
  newNegotiationId: () => string;
}
