import { createLlm, type LlmConfig } from "../../../core/llm";
import type { Logger } from "../../../core/logger";
import { createLlmAgent1, createLlmTemplateBuilder } from "../adapters/llm-catalog-agents";
import { fallbackTemplate } from "../domain/fallback-template";
import { offlineAgent1 } from "../domain/offline-agent1";
import type { ToolCaller } from "../domain/send-catalog-message";
import type { TemplateBuilder } from "../domain/template-builder";

/** Agents 1 and 2 on the configured model, or offline (LLM_PROVIDER=none): the rules and the fallback template. */
export const createCatalogAgents = (
  config: LlmConfig,
  logger: Logger,
): { agent1: ToolCaller; templates: TemplateBuilder } => {
  if (config.provider === "none") {
    return {
      agent1: { chooseTool: async (query) => offlineAgent1(query) },
      templates: { build: async (query, state) => fallbackTemplate(query, state) },
    };
  }
  const llm = createLlm(config);
  return { agent1: createLlmAgent1(llm, logger), templates: createLlmTemplateBuilder(llm, logger) };
};
