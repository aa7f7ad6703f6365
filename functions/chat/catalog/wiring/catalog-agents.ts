import { lazyLoad } from "../../../core/lazy";
import { createLazyLlm } from "../../../core/llm/lazy-llm";
import type { LlmConfig } from "../../../core/llm/llm-config";
import type { LlmPort } from "../../../core/llm/llm-port";
import { createUnavailableLlm } from "../../../core/llm/unavailable-llm";
import type { LoggerPort } from "../../../core/logger-port";
import type { TemplateBuilder } from "../domain/ports/template-builder";
import type { ToolCaller } from "../domain/ports/tool-caller";

export interface CatalogAgents {
  agent1: ToolCaller;
  templates: TemplateBuilder;
}

/** Agents 1 and 2 for one request, on that request's model port (its session, bounded by its deadline). */
export type CatalogAgentsFor = (llm: LlmPort) => CatalogAgents;

/** The catalog chat's model: the configured port and the agents a request builds on its session of it. */
export interface CatalogModel {
  /** The configured model (loaded on its first call); `LLM_PROVIDER=none`: a port that always fails. */
  llm: LlmPort;
  agentsFor: CatalogAgentsFor;
}

/**
 * Agents 1 and 2 on the configured model, or offline (LLM_PROVIDER=none): the rules and the fallback
 * template. Each chat request opens one model session with the request's deadline and builds both agents
 * on it, so Agent 1 and Agent 2 share that one deadline: a model that never answers costs the request the
 * time left before it (never two model timeouts in a row), Agent 2 then gets `llm_no_time_left` at once,
 * and the provider breaker makes the next requests skip the model. Loaded on the first chat message: the
 * catalog routes and reads never need them, so the model client, the prompts and the offline rules stay out
 * of the cold start (ARCHITECTURE.md, "How a Lambda stays within budget").
 */
export const createCatalogAgents = (config: LlmConfig, logger: LoggerPort): CatalogModel => {
  const load = lazyLoad(() => loadCatalogAgents(config, logger));
  return {
    llm:
      config.provider === "none"
        ? createUnavailableLlm("LLM_PROVIDER=none: the catalog chat answers with its rules")
        : createLazyLlm(config),
    agentsFor: (llm) => ({
      agent1: { chooseTool: async (query) => (await load())(llm).agent1.chooseTool(query) },
      templates: { build: async (query, state) => (await load())(llm).templates.build(query, state) },
    }),
  };
};

const loadCatalogAgents = async (config: LlmConfig, logger: LoggerPort): Promise<CatalogAgentsFor> => {
  if (config.provider === "none") {
    const [{ offlineAgent1 }, { fallbackTemplate }] = await Promise.all([
      import("../domain/agents/offline-agent1"),
      import("../domain/agents/fallback-template"),
    ]);
    const offline: CatalogAgents = {
      agent1: { chooseTool: async (query) => offlineAgent1(query) },
      templates: { build: async (query, state) => fallbackTemplate(query, state) },
    };
    return () => offline;
  }
  const { createLlmAgent1, createLlmTemplateBuilder } = await import("../adapters/llm-catalog-agents");
  return (llm) => ({
    agent1: createLlmAgent1(llm, logger),
    templates: createLlmTemplateBuilder(llm, logger),
  });
};
