import { z } from "zod";
import { isLlmFailure, type LlmPort, toToolJsonSchema, wrapPromptData } from "../../../core/llm";
import type { LoggerPort } from "../../../core/logger-port";
import { AGENT1_SYSTEM_PROMPT } from "../domain/agents/agent1-system-prompt";
import { AGENT2_SYSTEM_PROMPT } from "../domain/agents/agent2-system-prompt";
import { fallbackTemplate } from "../domain/agents/fallback-template";
import { offlineAgent1 } from "../domain/agents/offline-agent1";
import type { TemplateBuilder } from "../domain/ports/template-builder";
import type { ToolCaller } from "../domain/ports/tool-caller";
import { TEMPLATE_LAYOUTS, type Template } from "../domain/session-state";
import {
  CATALOG_TOOL_DESCRIPTIONS,
  CATALOG_TOOL_NAMES,
  CATALOG_TOOL_SCHEMAS,
  isCatalogToolName,
} from "../domain/tools/catalog-tools";

const TOOL_SPECS = CATALOG_TOOL_NAMES.map((name) => ({
  name,
  description: CATALOG_TOOL_DESCRIPTIONS[name],
  inputSchema: toToolJsonSchema(CATALOG_TOOL_SCHEMAS[name]),
}));

/** Models often send `null` for an argument they leave out; for these tools that means "not given". */
const withoutNulls = (args: unknown): Record<string, unknown> =>
  typeof args === "object" && args !== null && !Array.isArray(args)
    ? Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null))
    : {};

/**
 * Agent 1 on the model: one turn with a tool required; its first call is the answer (the seed: the agent
 * stops after its first call, so there is no loop to run). A failed model call, or no valid call, falls
 * back to the offline rules, so a message never fails for the model's sake. The arguments stay untrusted:
 * the tool validates them.
 */
export const createLlmAgent1 = (llm: LlmPort, logger: LoggerPort): ToolCaller => ({
  async chooseTool(query) {
    try {
      const turn = await llm.turn({
        system: AGENT1_SYSTEM_PROMPT,
        messages: [{ role: "user", content: wrapPromptData("user_query", query) }],
        tools: TOOL_SPECS,
        toolChoice: "required",
        model: "fast",
        label: "catalog_agent1",
      });
      const call = turn.toolCalls[0];
      const args = withoutNulls(call?.arguments);
      if (call && isCatalogToolName(call.name) && CATALOG_TOOL_SCHEMAS[call.name].safeParse(args).success) {
        return { tool: call.name, args };
      }
      logger.warn("Agent 1 made no valid tool call; using the offline rules", { tool: call?.name });
    } catch (error) {
      if (!isLlmFailure(error)) throw error;
      logger.warn("Agent 1's model call failed; using the offline rules", { error: error.message });
    }
    return offlineAgent1(query);
  },
});

const TemplateSchema = z
  .object({
    layout: z.enum(TEMPLATE_LAYOUTS),
    title: z.string().min(1).max(200),
    fields: z.array(z.string()).max(20),
    highlight: z.string().optional(),
    empty_message: z.string().max(500).optional(),
  })
  .strict();

/**
 * Agent 2 on the model: a structured call named `catalog_template`. Fields outside the state's meta are
 * dropped (the model's output is untrusted); a failed call falls back to the rules.
 */
export const createLlmTemplateBuilder = (llm: LlmPort, logger: LoggerPort): TemplateBuilder => ({
  async build(query, state) {
    const { count, fields, layout } = state.current.meta;
    try {
      const { value } = await llm.structured({
        system: AGENT2_SYSTEM_PROMPT,
        messages: [
          {
            role: "user",
            content: [
              wrapPromptData("user_query", query),
              wrapPromptData("count", String(count)),
              wrapPromptData("fields", fields.join(", ")),
              layout ? wrapPromptData("requested_layout", layout) : "",
            ].join("\n"),
          },
        ],
        schema: TemplateSchema,
        schemaName: "catalog_template",
        model: "fast",
      });
      const template: Template = {
        layout: layout ?? value.layout,
        title: value.title,
        fields: value.fields.filter((f) => fields.includes(f)),
      };
      if (template.fields.length === 0) template.fields = fields;
      if (value.highlight && fields.includes(value.highlight)) template.highlight = value.highlight;
      if (count === 0 && value.empty_message) template.empty_message = value.empty_message;
      return template;
    } catch (error) {
      if (!isLlmFailure(error)) throw error;
      logger.warn("Agent 2's model call failed; using the rule-based template", { error: error.message });
      return fallbackTemplate(query, state);
    }
  },
});
