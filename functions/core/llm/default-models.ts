import type { LlmProviderName } from "../config";
import type { ModelRole } from "./llm-port";

/**
 * Models used when `LLM_MODEL` / `LLM_FAST_MODEL` are unset: the provider's current balanced model and its
 * current fast one (checked against the SDKs' model lists, November 2026). OpenAI: GPT-5.6 Terra and Luna
 * (GA July 2026; Sol, the flagship, costs twice Terra); Anthropic: Sonnet 5.5 and Haiku 5.5. Bedrock ids
 * are the global cross-region inference profiles, which need no per-region model access setup.
 */
export const DEFAULT_MODELS: Record<Exclude<LlmProviderName, "none">, Record<ModelRole, string>> = {
  anthropic: { default: "claude-sonnet-5-5", fast: "claude-haiku-5-5" },
  openai: { default: "gpt-5.6-terra", fast: "gpt-5.6-luna" },
  bedrock: { default: "global.anthropic.claude-sonnet-5-5", fast: "global.anthropic.claude-haiku-5-5" },
};
