import type { LlmUsage, StopReason } from "../llm/llm-port";

export type ToolRunStatus = "ok" | "invalid_arguments" | "error" | "unknown_tool" | "not_run";

/** One model turn of an agent run. `final`: the answer-only turn after a cap or a repeated call. */
export interface ModelTurnStep {
  kind: "model_turn";
  iteration: number;
  final: boolean;
  latencyMs: number;
  stopReason: StopReason;
  toolCalls: string[];
  textChars: number;
  usage: LlmUsage;
}

/** One tool call of an agent run; `resultChars` is the size of what the model got back. */
export interface ToolStep {
  kind: "tool";
  iteration: number;
  callId: string;
  tool: string;
  arguments: unknown;
  status: ToolRunStatus;
  resultChars: number;
  latencyMs: number;
  /** The reason the model was given, for failed calls. */
  error?: string;
}

/** A JSON-serialisable record of every step; callers return it and store it (DynamoDB, run history). */
export type AgentTraceStep = ModelTurnStep | ToolStep;

/** A tool call with its typed output, for callers that build their response from tool results. */
export interface ToolRun {
  iteration: number;
  callId: string;
  tool: string;
  arguments: unknown;
  status: ToolRunStatus;
  /** The tool's return value (status `ok` only). */
  output?: unknown;
}
