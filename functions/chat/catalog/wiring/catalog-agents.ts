import { lazyLoad, lazyPort } from "../../../core/lazy";
import type { LlmConfig } from "../../../core/llm/llm-config";
import type { LoggerPort } from "../../../core/logger-port";
import type { TemplateBuilder } from "../domain/ports/template-builder";
import type { ToolCaller } from "../domain/ports/tool-caller";

export interface CatalogAgents {
  agent1: ToolCaller;
  templates: TemplateBuilder;
}

/**
 * Agents 1 and 2 on the configured model, or offline (LLM_PROVIDER=none): the rules and the fallback
 * template. Loaded on the first chat message: the catalog routes and reads never need them, so the model
 * client, the prompts and the offline rules stay out of the cold start (ARCHITECTURE.md, "How a Lambda
 * stays within budget").
 */
export const createCatalogAgents = (config: LlmConfig, logger: LoggerPort): CatalogAgents => {
  const load = lazyLoad(() => loadCatalogAgents(config, logger));
  return {
    agent1: lazyPort(async () => (await load()).agent1, ["chooseTool"]),
    templates: lazyPort(async () => (await load()).templates, ["build"]),
  };
};

const loadCatalogAgents = async (config: LlmConfig, logger: LoggerPort): Promise<CatalogAgents> => {
  if (config.provider === "none") {
    const [{ offlineAgent1 }, { fallbackTemplate }] = await Promise.all([
      import("../domain/offline-agent1"),
      import("../domain/fallback-template"),
    ]);
    return {
      agent1: { chooseTool: async (query) => offlineAgent1(query) },
      templates: { build: async (query, state) => fallbackTemplate(query, state) },
    };
  }
  const [{ createLlm }, { createLlmAgent1, createLlmTemplateBuilder }] = await Promise.all([
    import("../../../core/llm/create-llm"),
    import("../adapters/llm-catalog-agents"),
  ]);
  const llm = createLlm(config);
  return { agent1: createLlmAgent1(llm, logger), templates: createLlmTemplateBuilder(llm, logger) };
};
