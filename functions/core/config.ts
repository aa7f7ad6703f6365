import { z } from "zod";
import { ConfigError } from "./errors";

/**
 * Parses environment variables once with a zod object schema. A missing or malformed variable fails
 * with its name, so a misconfigured Lambda dies at cold start instead of on the first request.
 */
export const parseConfig = <S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> => {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join(".");
    const value = issue.path.length > 0 ? env[String(issue.path[0])] : undefined;
    return value === undefined ? `${name} is missing` : `${name} is malformed (${issue.message})`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`, {
    details: { variables: result.error.issues.map((i) => i.path.map(String).join(".")) },
  });
};

/** Memoises a config parse per process: "read once per container". */
export const configOnce = <T>(read: () => T): (() => T) => {
  let value: { v: T } | undefined;
  return () => {
    value ??= { v: read() };
    return value.v;
  };
};

/** Building blocks reused by the per-area config schemas. */
export const envString = () => z.string().trim().min(1);
export const envPort = () => z.coerce.number().int().min(0).max(65535);
export const envBool = () => z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
export const envUrl = () => z.url();

export const LLM_PROVIDERS = ["anthropic", "openai", "bedrock", "none"] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

/**
 * `LLM_PROVIDER` when set; otherwise the provider whose key is present (Anthropic first), otherwise
 * `none`. Documented in the README: this is the one inferred setting, and it never picks a paid provider
 * without its key.
 */
export const resolveLlmProvider = (env: Record<string, string | undefined>): LlmProviderName => {
  const explicit = env.LLM_PROVIDER?.trim();
  if (explicit) {
    const parsed = z.enum(LLM_PROVIDERS).safeParse(explicit);
    if (!parsed.success) {
      throw new ConfigError(
        `Invalid configuration: LLM_PROVIDER is malformed (expected one of ${LLM_PROVIDERS.join(", ")})`,
        { details: { variables: ["LLM_PROVIDER"] } },
      );
    }
    return parsed.data;
  }
  if (env.ANTHROPIC_API_KEY) return "anthropic";
  if (env.OPENAI_API_KEY) return "openai";
  return "none";
};
