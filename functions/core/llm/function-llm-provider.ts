import { z } from "zod";
import { LLM_PROVIDERS, type LlmProviderName, resolveLlmProvider } from "../config";
import { ConfigError } from "../errors";

/** A provider with a model behind it (not `none`). */
export type ModelProviderName = Exclude<LlmProviderName, "none">;

/** What a function's area definition says about its model (`llm` in lib/definition-types.ts). */
export interface FunctionLlmPreference {
  /** The function's id in its area definition (`ChatCampaignsApi`): names its override variable. */
  functionId: string;
  /** Used instead of the stack's provider when this provider's key is configured. */
  preferredProvider?: ModelProviderName;
}

/** Where the choice came from, for logs and docs: the function's override, its preference, the stack. */
export type LlmProviderSource = "function_override" | "function_preference" | "stack";

export interface LlmProviderChoice {
  provider: LlmProviderName;
  source: LlmProviderSource;
  /** The variable that decided it (`CHAT_CAMPAIGNS_API_LLM_PROVIDER`, `OPENAI_API_KEY`, `LLM_PROVIDER`). */
  variable: string;
}

/**
 * The per-function override variable: `ChatCampaignsApi` → `CHAT_CAMPAIGNS_API_LLM_PROVIDER`. Named after
 * the function because the local stack runs every handler in one process with one environment.
 */
export const functionLlmProviderVariable = (functionId: string): string =>
  `${functionId
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toUpperCase()}_LLM_PROVIDER`;

/**
 * The variable that makes a preferred provider "configured" at run time: a plain key (or, for OpenAI, a
 * keyless `OPENAI_BASE_URL` server, as `readLlmConfig` accepts). A secret id does not count: a deployed
 * stack binds both providers' secret ids, placeholders included, so CDK decides there instead
 * (lib/constructs/area-functions.ts writes the override variable when the preferred key is a real secret).
 * Bedrock has no key; it is chosen by `LLM_PROVIDER` or the override.
 */
const configuredBy = (
  provider: ModelProviderName,
  env: Record<string, string | undefined>,
): string | undefined => {
  const set = (name: string) => (env[name]?.trim() ? name : undefined);
  switch (provider) {
    case "openai":
      return set("OPENAI_API_KEY") ?? set("OPENAI_BASE_URL");
    case "anthropic":
      return set("ANTHROPIC_API_KEY");
    case "bedrock":
      return undefined;
  }
};

/**
 * One function's provider, in this order:
 * 1. its override variable (`<FUNCTION_ID>_LLM_PROVIDER`), any provider of the LLM core or `none`;
 * 2. `none` when the stack's provider is `none` (offline stays offline, preference or not);
 * 3. its preferred provider when that provider's key is configured;
 * 4. the stack's provider (`LLM_PROVIDER`, or inferred from the keys: `resolveLlmProvider`).
 * A malformed value fails with the variable's name; a chosen provider without its key fails later in
 * `readLlmConfig`, naming the key.
 */
export const chooseLlmProvider = (
  env: Record<string, string | undefined>,
  preference: FunctionLlmPreference,
): LlmProviderChoice => {
  const variable = functionLlmProviderVariable(preference.functionId);
  const override = env[variable]?.trim();
  if (override) {
    const parsed = z.enum(LLM_PROVIDERS).safeParse(override);
    if (!parsed.success) {
      throw new ConfigError(
        `Invalid configuration: ${variable} is malformed (expected one of ${LLM_PROVIDERS.join(", ")})`,
        { details: { variables: [variable] } },
      );
    }
    return { provider: parsed.data, source: "function_override", variable };
  }
  const stack = resolveLlmProvider(env);
  const stackChoice: LlmProviderChoice = { provider: stack, source: "stack", variable: "LLM_PROVIDER" };
  const preferred = preference.preferredProvider;
  if (stack === "none" || !preferred || preferred === stack) return stackChoice;
  const configured = configuredBy(preferred, env);
  return configured
    ? { provider: preferred, source: "function_preference", variable: configured }
    : stackChoice;
};
