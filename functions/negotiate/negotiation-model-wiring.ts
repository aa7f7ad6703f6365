import { configOnce } from "../core/config";
import { createLlm, readLlmConfig } from "../core/llm";
import type { ModelStepDeps } from "./domain/workflow-steps";
import { stepDepsFor } from "./negotiation-table-wiring";

/** The LLM port of the configured provider, built on first use (see negotiation-table-wiring.ts). */
const llm = configOnce(() => createLlm(readLlmConfig()));

export const modelStepDepsFor = (tenant: string): ModelStepDeps => ({ ...stepDepsFor(tenant), llm: llm() });
