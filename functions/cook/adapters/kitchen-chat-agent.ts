import { type AgentTool, type AgentTraceStep, runAgent, type ToolRun } from "../../core/agent";
import { isLlmFailure, type LlmPort } from "../../core/llm";
import {
  type KitchenToolCall,
  summaryOfOutput,
  withSummary,
} from "../domain/kitchen-chat/kitchen-chat-tool-call";
import type { KitchenChatAgent } from "../domain/ports/kitchen-chat-agent";
import { createKitchenChatTools } from "./kitchen-chat-tools";

/**
 * The agent run's tool calls in call order: `toolRuns` says how each went; the trace step with the same
 * call id carries the reason a failed call gave the model.
 */
export const toolCallsFromAgentRun = (
  toolRuns: readonly ToolRun[],
  trace: readonly AgentTraceStep[],
): KitchenToolCall[] => {
  const errors = new Map(
    trace.flatMap((step) => (step.kind === "tool" && step.error ? [[step.callId, step.error] as const] : [])),
  );
  return toolRuns.map((run) =>
    withSummary(
      { name: run.tool, arguments: run.arguments, ok: run.status === "ok" },
      run.status === "ok" ? summaryOfOutput(run.output) : errors.get(run.callId),
    ),
  );
};

/**
 * The tools, each also writing every call it runs to `log`. The agent run reports its calls only when it
 * returns; when the model fails midway, the log says what the tools already did.
 */
export const loggingTools = (tools: readonly AgentTool[], log: KitchenToolCall[]): AgentTool[] =>
  tools.map((tool) => ({
    name: tool.name,
    spec: tool.spec,
    async execute(args, context) {
      const execution = await tool.execute(args, context);
      const ok = execution.status === "ok";
      log.push(
        withSummary(
          { name: tool.name, arguments: args, ok },
          execution.status === "ok" ? summaryOfOutput(execution.output) : execution.content,
        ),
      );
      return execution;
    },
  }));

/**
 * The kitchen chat's agent on the core agent loop: the plan's operations as tools, each call logged as it
 * runs. A model failure (unavailable, rate limited, invalid output) is an outcome, not an error, so the
 * use case can answer offline; anything else propagates.
 */
export const createKitchenChatAgent =
  (llm: LlmPort): KitchenChatAgent =>
  async (request) => {
    try {
      const result = await runAgent({
        llm,
        system: request.system,
        messages: [{ role: "user", content: request.message }],
        tools: loggingTools(createKitchenChatTools(request.operations), request.executed),
        maxIterations: request.maxIterations,
        ...(request.deadline === undefined ? {} : { deadline: request.deadline }),
        label: "kitchen_chat",
        logger: request.logger,
      });
      return {
        kind: "answered",
        answer: result.answer,
        status: result.status,
        toolCalls: toolCallsFromAgentRun(result.toolRuns, result.trace),
      };
    } catch (error) {
      if (!isLlmFailure(error)) throw error;
      return { kind: "model_failed", code: error.code };
    }
  };
