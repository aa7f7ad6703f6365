import type { AgentTool, AgentTraceStep, ToolRun } from "../../../core/agent";
import { isLarderError } from "../../../core/errors";

/** One tool call as the chat response reports it (`tool_calls`). */
export interface KitchenToolCall {
  name: string;
  /** As the model (or the offline interpreter) passed them, valid or not. */
  arguments: unknown;
  ok: boolean;
  /** The tool's own one-line summary when it ran, else why it failed or did not run. */
  summary?: string;
}

/** The `summary` our tools put in every output. */
export const summaryOfOutput = (output: unknown): string | undefined =>
  typeof output === "object" && output !== null && "summary" in output && typeof output.summary === "string"
    ? output.summary
    : undefined;

const withSummary = (call: Omit<KitchenToolCall, "summary">, summary: string | undefined): KitchenToolCall =>
  summary === undefined ? call : { ...call, summary };

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
 * Runs one operation outside the agent loop (the offline interpreter) and logs it like a tool call: the
 * same summary when it succeeds, the same `<tool> failed: <reason>` text as `defineTool` when it throws.
 */
export const runLoggedOperation = async <O>(
  log: KitchenToolCall[],
  name: string,
  args: unknown,
  operation: () => Promise<O>,
): Promise<{ ok: true; output: O } | { ok: false; error: unknown; reason: string }> => {
  try {
    const output = await operation();
    log.push(withSummary({ name, arguments: args, ok: true }, summaryOfOutput(output)));
    return { ok: true, output };
  } catch (error) {
    const reason = isLarderError(error) ? error.message : "internal error";
    log.push({ name, arguments: args, ok: false, summary: `${name} failed: ${reason}` });
    return { ok: false, error, reason };
  }
};
