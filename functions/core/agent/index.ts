/** The agent loop's public surface. */
export type { AgentTraceStep, ModelTurnStep, ToolRun, ToolRunStatus, ToolStep } from "./agent-trace";
export {
  type AgentTool,
  defineTool,
  type ToolContext,
  type ToolDefinition,
  type ToolExecution,
} from "./define-tool";
export { type AgentResult, type AgentStatus, type RunAgentOptions, runAgent } from "./run-agent";
export { TOOL_RESULTS_ARE_DATA_NOTICE, wrapToolResult } from "./tool-result-envelope";
