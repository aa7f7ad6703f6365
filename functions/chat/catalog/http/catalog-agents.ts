import type { LlmConfig } from "../../../core/llm/llm-config";
import type { Logger } from "../../../core/logger";
import type { ToolCaller } from "../domain/send-catalog-message";
import type { TemplateBuilder } from "../domain/template-builder";

type CatalogAgents = { agent1: ToolCaller; templates: TemplateBuilder };

/**
 * Agents 1 and 2 on the configured model, or offline (LLM_PROVIDER=none): the rules and the fallback
 * template. Loaded on the first chat message: the catalog routes and reads never need them, so the model
 * client, the prompts and the offline rules stay out of the cold start (ARCHITECTURE.md, "How a Lambda
 * stays within budget").
 */
export const createCatalogAgents = (config: LlmConfig, logger: Logger): CatalogAgents => {
  let agents: Promise<CatalogAgents> | undefined;
  const load = (): Promise<CatalogAgents> => {
    agents ??= loadCatalogAgents(config, logger);
    return agents;
  };
  return {
    agent1: { chooseTool: async (query) => (await load()).agent1.chooseTool(query) },
    templates: { build: async (query, state) => (await load()).templates.build(query, state) },
  };
};

const loadCatalogAgents = async (config: LlmConfig, logger: Logger): Promise<CatalogAgents> => {
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
