import { createLlm, readLlmConfig } from "../../core/llm";
import type { ModelStepDeps } from "../domain/negotiation-step";
import { stepDepsFor } from "./negotiation-table-wiring";

// Parsed at cold start: a malformed LLM_PROVIDER or a provider without its key fails here, with its name.
const llm = createLlm(readLlmConfig());

export const modelStepDepsFor = (tenant: string): ModelStepDeps => ({ ...stepDepsFor(tenant), llm });
