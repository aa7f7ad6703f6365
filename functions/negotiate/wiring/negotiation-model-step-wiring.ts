import { createLlm, readLlmConfig } from "../../core/llm";
import { NEGOTIATION_MODEL_STEPS, type NegotiationModelStepId } from "./negotiation-model-steps";
import { deployedTableStepSources } from "./negotiation-table-step-wiring";

// Parsed at cold start: a malformed LLM_PROVIDER or a provider without its key fails here, with its name.
const llm = createLlm(readLlmConfig());

/** A deployed model step's handler: its use case over the tenant's table and the model, on the step's deadline. */
export const modelStep = (id: NegotiationModelStepId) =>
  NEGOTIATION_MODEL_STEPS[id].handlerFor({ ...deployedTableStepSources, llm });
