import type { CreateLlmDependencies } from "./create-llm";
import type { LlmConfig } from "./llm-config";
import type { LlmPort } from "./llm-port";

/**
 * `createLlm`, loaded on the first model call: for a Lambda where only some routes call a model, the LLM
 * client code stays out of the cold start (ARCHITECTURE.md, "How a Lambda stays within budget"). The
 * config is parsed by the caller at cold start, so a missing key still fails there, with its name. Import
 * this by its own path, not from the llm index, which re-exports `createLlm`.
 */
export const createLazyLlm = (config: LlmConfig, dependencies?: CreateLlmDependencies): LlmPort => {
  let llm: Promise<LlmPort> | undefined;
  const load = () => {
    llm ??= import("./create-llm").then(({ createLlm }) => createLlm(config, dependencies));
    return llm;
  };
  return {
    structured: async (request) => (await load()).structured(request),
    turn: async (request) => (await load()).turn(request),
  };
};
