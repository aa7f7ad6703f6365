import { ConfigError } from "../errors";
import { isLlmFailure } from "../llm/llm-errors";
import type {
  LlmMessage,
  LlmPort,
  LlmToolCall,
  LlmToolResult,
  ModelRole,
  ToolChoice,
  TurnResult,
} from "../llm/llm-port";
import { totalUsage, type UsageTotals } from "../llm/usage-recorder";
import type { LoggerPort } from "../logger-port";
import type { AgentTraceStep, ToolRun, ToolRunStatus, ToolStep } from "./agent-trace";
import { guardDeadline } from "./deadline";
import type { AgentTool, ToolExecution } from "./define-tool";
import { toolCallKey } from "./tool-call-key";
import { TOOL_RESULTS_ARE_DATA_NOTICE, type ToolResultStatus, wrapToolResult } from "./tool-result-envelope";

export interface RunAgentOptions {
  llm: LlmPort;
  system: string;
  /** The conversation so far, ending with the user's message. */
  messages: LlmMessage[];
  tools: readonly AgentTool[];
  /** Model turns that may call tools (the campaign chat uses 5); one answer-only turn may follow. */
  maxIterations: number;
  /** Epoch ms (by `clock`) after which the agent answers with what it has; see core/llm/model-deadline.ts. */
  deadline?: number;
  clock?: () => number;
  signal?: AbortSignal;
  model?: ModelRole;
  /** Names the run's turns in usage records and logs. */
  label?: string;
  /**
   * After a cap or a repeated call, ask the model once more, without tools, for an answer (default). Set
   * false for agents whose work is their tool calls (seed 004's tool caller stops after its call).
   */
  finalAnswerTurn?: boolean;
  /** Tool results longer than this are cut before the model sees them. */
  maxToolResultChars?: number;
  /** Tool failures, and one `agent run` line per run with its status and LLM usage totals. */
  logger?: LoggerPort;
}

/**
 * `completed`: the model answered. `capped`: it still wanted tools after `maxIterations` turns.
 * `repeated_call`: it called a tool again with the same arguments. `deadline`: time ran out. Only
 * `completed` and the answer-only turn after `capped` / `repeated_call` produce a fresh answer; the
 * others carry the best answer so far (the model's latest non-empty text), possibly empty.
 */
export type AgentStatus = "completed" | "capped" | "repeated_call" | "deadline";

export interface AgentResult {
  status: AgentStatus;
  answer: string;
  /** The conversation with everything this run added (assistant turns, tool results, notices). */
  messages: LlmMessage[];
  trace: AgentTraceStep[];
  toolRuns: ToolRun[];
  usage: UsageTotals;
  /** Tool-calling model turns made (at most `maxIterations`). */
  iterations: number;
}

const DEFAULT_MAX_TOOL_RESULT_CHARS = 16_000;

const STOP_NOTICES = {
  capped: "You have used every tool call allowed for this request. Answer the user now with what you have.",
  repeated_call:
    "You called a tool again with the same arguments; its result is above. Answer the user now with what you have.",
} as const;

/**
 * The tool-calling loop. Each turn's tool calls run concurrently; invalid arguments and tool failures go
 * back to the model as error results. The loop never throws for a cap, a repeated call or the deadline.
 * It throws when a tool-calling model turn fails (`isLlmFailure`), at any iteration, so the caller's
 * fallback runs; the trace is lost with it, so a caller whose tools change state keeps its own record of
 * what they did. Only a failed answer-only turn (after a cap or a repeated call) is absorbed.
 */
export const runAgent = async (options: RunAgentOptions): Promise<AgentResult> => {
  const { llm, maxIterations } = options;
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new ConfigError(`maxIterations must be a positive integer, got ${maxIterations}`);
  }
  const clock = options.clock ?? Date.now;
  const maxChars = options.maxToolResultChars ?? DEFAULT_MAX_TOOL_RESULT_CHARS;
  const system = `${options.system}\n\n${TOOL_RESULTS_ARE_DATA_NOTICE}`;
  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));
  // Providers refuse two tools of one name with a 400, which callers would take for an outage.
  if (toolsByName.size !== options.tools.length) {
    const names = options.tools.map((tool) => tool.name);
    const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
    throw new ConfigError(
      `Agent tools must have distinct names; repeated: ${[...new Set(duplicates)].join(", ")}`,
    );
  }
  const specs = options.tools.map((tool) => tool.spec);
  const messages: LlmMessage[] = [...options.messages];
  const trace: AgentTraceStep[] = [];
  const toolRuns: ToolRun[] = [];
  const usages: TurnResult["usage"][] = [];
  const seenCalls = new Set<string>();
  const guard = guardDeadline(options.deadline, clock, options.signal);
  let bestAnswer = "";
  let iterations = 0;

  /** The run's totals in the logs, so a request's model cost is one line, not a sum over its calls. */
  const logRun = (status: AgentStatus | "failed", usage: UsageTotals): void => {
    options.logger?.info("agent run", {
      label: options.label ?? "agent",
      status,
      iterations,
      llmUsage: usage,
    });
  };

  const finish = (status: AgentStatus, answer: string): AgentResult => {
    const usage = totalUsage(usages);
    logRun(status, usage);
    return { status, answer, messages, trace, toolRuns, usage, iterations };
  };

  /** One model turn; `deadline` when the deadline aborted it. */
  const modelTurn = async (toolChoice: ToolChoice, final: boolean): Promise<TurnResult | "deadline"> => {
    const started = clock();
    const pending = llm.turn({
      system,
      messages,
      tools: specs,
      toolChoice,
      signal: guard.signal,
      ...(options.model ? { model: options.model } : {}),
      ...(options.label ? { label: options.label } : {}),
    });
    // A port that ignores the signal must not hold the agent past its deadline; its late failure is moot.
    pending.catch(() => undefined);
    let turn: TurnResult | "deadline";
    try {
      turn = await Promise.race([pending, guard.reached]);
    } catch (error) {
      // A failed call costs too (attempts, sometimes tokens): it counts in the run's totals.
      if (isLlmFailure(error) && error.usage) usages.push(error.usage);
      if (guard.expired()) return "deadline";
      throw error;
    }
    if (turn === "deadline") return turn;
    usages.push(turn.usage);
    trace.push({
      kind: "model_turn",
      iteration: final ? iterations + 1 : iterations,
      final,
      latencyMs: clock() - started,
      stopReason: turn.stopReason,
      toolCalls: turn.toolCalls.map((c) => c.name),
      textChars: turn.text.length,
      usage: turn.usage,
    });
    messages.push(turn.message);
    if (turn.text.trim()) bestAnswer = turn.text;
    return turn;
  };

  const toolResult = (call: LlmToolCall, status: ToolResultStatus, content: string): LlmToolResult => ({
    callId: call.id,
    name: call.name,
    content: wrapToolResult({ tool: call.name, status, content, maxChars }),
    ...(status === "ok" ? {} : { isError: true }),
  });

  const recordNotRun = (call: LlmToolCall, reason: string): LlmToolResult => {
    const result = toolResult(call, "not_run", reason);
    trace.push(toolStep(call, "not_run", result.content.length, 0, reason));
    toolRuns.push({
      iteration: iterations,
      callId: call.id,
      tool: call.name,
      arguments: call.arguments,
      status: "not_run",
    });
    return result;
  };

  const toolStep = (
    call: LlmToolCall,
    status: ToolRunStatus,
    resultChars: number,
    latencyMs: number,
    error?: string,
  ): ToolStep => ({
    kind: "tool",
    iteration: iterations,
    callId: call.id,
    tool: call.name,
    arguments: call.arguments,
    status,
    resultChars,
    latencyMs,
    ...(error === undefined ? {} : { error }),
  });

  const execute = async (
    call: LlmToolCall,
  ): Promise<{ execution: ToolExecution | undefined; latencyMs: number }> => {
    const tool = toolsByName.get(call.name);
    const started = clock();
    let execution: ToolExecution | undefined;
    try {
      execution = tool
        ? await tool.execute(call.arguments, { signal: guard.signal, callId: call.id })
        : undefined;
    } catch (error) {
      // `defineTool` never throws; a hand-written AgentTool might.
      execution = { status: "error", error, content: `${call.name} failed: internal error` };
    }
    if (execution?.status === "error") {
      options.logger?.warn("agent tool failed", { tool: call.name, error: String(execution.error) });
    }
    return { execution, latencyMs: clock() - started };
  };

  /** Runs one turn's calls concurrently; a call still running at the deadline is reported as not run. */
  const runToolCalls = async (
    calls: LlmToolCall[],
  ): Promise<{ results: LlmToolResult[]; deadline: boolean }> => {
    const settled: Array<Awaited<ReturnType<typeof execute>> | undefined> = calls.map(() => undefined);
    const all = Promise.all(
      calls.map(async (call, index) => {
        settled[index] = await execute(call);
      }),
    );
    const outcome = await Promise.race([all.then(() => "done" as const), guard.reached]);
    const results = calls.map((call, index) => {
      const done = settled[index];
      if (!done) return recordNotRun(call, "Not run: the time for this request ran out.");
      const { execution, latencyMs } = done;
      if (!execution) {
        const known = [...toolsByName.keys()].join(", ");
        const content = `Unknown tool ${call.name}. Available tools: ${known}.`;
        const result = toolResult(call, "error", content);
        trace.push(toolStep(call, "unknown_tool", result.content.length, latencyMs, content));
        toolRuns.push({
          iteration: iterations,
          callId: call.id,
          tool: call.name,
          arguments: call.arguments,
          status: "unknown_tool",
        });
        return result;
      }
      const result = toolResult(call, execution.status === "ok" ? "ok" : "error", execution.content);
      const error = execution.status === "ok" ? undefined : execution.content;
      trace.push(toolStep(call, execution.status, result.content.length, latencyMs, error));
      toolRuns.push({
        iteration: iterations,
        callId: call.id,
        tool: call.name,
        arguments: call.arguments,
        status: execution.status,
        ...(execution.status === "ok" ? { output: execution.output } : {}),
      });
      return result;
    });
    return { results, deadline: outcome === "deadline" };
  };

  /** After a cap or a repeated call: one answer-only turn, unless time is up or the model fails. */
  const answerNow = async (status: "capped" | "repeated_call"): Promise<AgentResult> => {
    if (guard.expired() || options.finalAnswerTurn === false) return finish(status, bestAnswer);
    messages.push({ role: "user", content: STOP_NOTICES[status] });
    try {
      const turn = await modelTurn("none", true);
      if (turn === "deadline") return finish(status, bestAnswer);
      return finish(status, turn.text.trim() ? turn.text : bestAnswer);
    } catch (error) {
      if (!isLlmFailure(error)) throw error;
      options.logger?.warn("agent answer-only turn failed", { status, error: error.message });
      return finish(status, bestAnswer);
    }
  };

  try {
    while (iterations < maxIterations) {
      if (guard.expired()) return finish("deadline", bestAnswer);
      iterations += 1;
      const turn = await modelTurn("auto", false);
      if (turn === "deadline") return finish("deadline", bestAnswer);
      if (turn.toolCalls.length === 0) return finish("completed", turn.text);

      const keys = turn.toolCalls.map(toolCallKey);
      const repeats = keys.some((key, index) => seenCalls.has(key) || keys.indexOf(key) !== index);
      if (repeats) {
        const results = turn.toolCalls.map((call) =>
          recordNotRun(call, "Not run: this call repeats an earlier call with the same arguments."),
        );
        messages.push({ role: "tool", results });
        return await answerNow("repeated_call");
      }
      for (const key of keys) seenCalls.add(key);

      const { results, deadline } = await runToolCalls(turn.toolCalls);
      messages.push({ role: "tool", results });
      if (deadline) return finish("deadline", bestAnswer);
    }
    return await answerNow("capped");
  } catch (error) {
    if (isLlmFailure(error)) logRun("failed", totalUsage(usages));
    throw error;
  } finally {
    guard.dispose();
  }
};
