/** The LLM core's public surface. Drivers and wire-format code stay internal to this folder. */
export { type CreateLlmDependencies, createLlm } from "./create-llm";
export { DEFAULT_MODELS } from "./default-models";
export {
  chooseLlmProvider,
  type FunctionLlmPreference,
  functionLlmProviderVariable,
  type LlmProviderChoice,
  type ModelProviderName,
} from "./function-llm-provider";
export type { LlmLogger } from "./llm-client";
export { type LlmConfig, readFunctionLlmConfig, readLlmConfig } from "./llm-config";
export {
  isLlmFailure,
  type LlmFailure,
  LlmOutputInvalid,
  LlmRateLimited,
  LlmUnavailable,
} from "./llm-errors";
export type {
  LlmMessage,
  LlmPort,
  LlmToolCall,
  LlmToolResult,
  LlmToolSpec,
  LlmUsage,
  ModelRole,
  StopReason,
  StructuredRequest,
  StructuredResult,
  ToolChoice,
  TurnRequest,
  TurnResult,
} from "./llm-port";
export { escapePromptData, wrapPromptData } from "./prompt-data";
export type { SecretReader } from "./secret-reader";
export { sharedToolSet, toToolJsonSchema } from "./tool-json-schema";
export { createUnavailableLlm } from "./unavailable-llm";
export {
  createUsageRecorder,
  logUsageTotals,
  totalUsage,
  type UsageRecorder,
  type UsageTotals,
} from "./usage-recorder";
export { recordingUsage } from "./usage-recording-llm";
