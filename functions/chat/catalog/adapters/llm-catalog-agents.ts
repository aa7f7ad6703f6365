import { z } from "zod";
import { isLlmFailure, type LlmPort, toToolJsonSchema, wrapPromptData } from "../../../core/llm";
import type { LoggerPort } from "../../../core/logger-port";
import { numberFromText } from "../../../core/text/number-text";
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

/**
 * The arguments as the tool means them, from what models send: `null` for an argument left out is "not
 * given", an argument the tool does not have is dropped (the rest still counts), and a number sent as text
 * ("100 000 ₽") is the number. Anything else stays as sent, and the tool's schema judges it.
 */
const tidyArguments = (name: string, args: unknown): Record<string, unknown> => {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return {};
  const schema = isCatalogToolName(name) ? CATALOG_TOOL_SCHEMAS[name] : undefined;
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  const numeric = new Map(
    Object.entries(TOOL_SPECS.find((t) => t.name === name)?.inputSchema.properties ?? {})
      .map(([key, p]) => [key, String((p as { type?: unknown }).type)] as const)
      .filter(([, type]) => type === "number" || type === "integer"),
  );
  const tidy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === null || (shape && !(key in shape))) continue;
    // "100 000 ₽" is 100000; "4,200" could be 4.2 or 4200, so it stays text and the tool refuses it.
    const type = numeric.get(key);
    const asNumber =
      type && typeof value === "string" ? numberFromText(value, { integer: type === "integer" }) : undefined;
    tidy[key] = asNumber ?? value;
  }
  return tidy;
};

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
      // Several calls in one turn: the first valid one is the answer (the seed's agent acts once).
      for (const call of turn.toolCalls) {
        // Arguments that are not a JSON object are no call: read as {}, a broken filter would run as "no filter".
        if (typeof call.arguments !== "object" || call.arguments === null) continue;
        const args = tidyArguments(call.name, call.arguments);
        if (isCatalogToolName(call.name) && CATALOG_TOOL_SCHEMAS[call.name].safeParse(args).success) {
          return { tool: call.name, args };
        }
      }
      const call = turn.toolCalls[0];
      logger.warn("Agent 1 made no valid tool call; using the offline rules", {
        tool: call?.name,
        reason: call
          ? typeof call.arguments === "string"
            ? "arguments are not JSON"
            : "arguments do not fit the tool"
          : turn.text.trim()
            ? "answered in words"
            : "empty answer",
      });
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
