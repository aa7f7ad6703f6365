import type { z } from "zod";
import { createLlm, readLlmConfig } from "../../core/llm";
import type { ModelStepDeps, StepEvent } from "../domain/negotiation-step";
import { modelStepHandler } from "./negotiation-step-scope";
import { deployedTableStepSources } from "./negotiation-table-step-wiring";

// Parsed at cold start: a malformed LLM_PROVIDER or a provider without its key fails here, with its name.
const llm = createLlm(readLlmConfig());

/** A deployed model step's handler: one use case over the tenant's table and the model, on the step's deadline. */
export const modelStep = <E extends StepEvent, R>(
  schema: z.ZodType<E>,
  step: string,
  run: (deps: ModelStepDeps, event: E) => Promise<R>,
) => modelStepHandler({ ...deployedTableStepSources, llm }, schema, step, run);
