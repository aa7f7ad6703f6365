import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { z } from "zod";

/**
 * Deployment settings, read once from CDK context (cdk.json or `-c key=value`) and validated, so a typo
 * fails synth with the key's name instead of deploying something unintended.
 */
export interface LarderSettings {
  /** Lower-case kebab name that prefixes resource names: `sandbox`, `sandbox-alice`, `prod`. */
  stage: string;
  /**
   * When set (with `jwtAudience`), the API trusts this external issuer; otherwise the stack creates a
   * Cognito user pool and app client and trusts those.
   */
  jwt?: { issuer: string; audience: string[] };
  /** Written to every LLM function's `LLM_PROVIDER`; `none` runs the offline fallbacks. */
  llmProvider: "anthropic" | "openai" | "bedrock" | "none";
  /** Names of existing Secrets Manager secrets to use instead of the placeholders the stack creates. */
  anthropicApiKeySecretName?: string;
  openaiApiKeySecretName?: string;
  /** Retention of every log group the stack creates (one of CloudWatch's allowed values). */
  logRetentionDays: RetentionDays;
  logLevel: "DEBUG" | "INFO" | "WARN" | "ERROR";
  /** Steady-state requests per second and burst for the whole HTTP API: a cap on LLM spend by abuse. */
  apiRateLimit: number;
  apiBurstLimit: number;
  /**
   * The store the store tools drive (`STORE_URL`). Deployed tools cannot reach the local simulated store
   * their code falls back to, so the stack always sets it: the real Auchan.pt unless told otherwise.
   */
  storeUrl: string;
  /**
   * A folder (absolute, or relative to the repository) holding an already built console, published as it
   * is. Unset (the default): `cdk synth`/`deploy` builds web/ with Vite. The synth tests set a placeholder.
   */
  consoleDir?: string;
}

/** Context keys read by `readSettings`; cdk.json documents their defaults. */
export const settingsContextKeys = [
  "stage",
  "jwtIssuer",
  "jwtAudience",
  "llmProvider",
  "anthropicApiKeySecretName",
  "openaiApiKeySecretName",
  "logRetentionDays",
  "logLevel",
  "apiRateLimit",
  "apiBurstLimit",
  "storeUrl",
  "consoleDir",
] as const;

type ContextKey = (typeof settingsContextKeys)[number];

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** `-c jwtAudience=a,b` arrives as a string; cdk.json may hold an array. */
const audienceList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((a) => a.trim()).filter((a) => a !== ""))
  .optional();

/** `-c logRetentionDays=30` arrives as a string; cdk.json holds a number. */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const retentionValues = new Set<number>(
  Object.values(RetentionDays).filter((v): v is number => typeof v === "number" && v > 0),
);

const contextSchema = z
  .object({
    stage: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,23}$/, "lower-case letters, digits and dashes, at most 24 characters")
      .default("sandbox"),
    jwtIssuer: optionalText.pipe(z.url().optional()),
    jwtAudience: audienceList,
    llmProvider: z.enum(["anthropic", "openai", "bedrock", "none"]).default("none"),
    anthropicApiKeySecretName: optionalText,
    openaiApiKeySecretName: optionalText,
    logRetentionDays: positiveInt(30).refine(
      (days): days is RetentionDays => retentionValues.has(days),
      `one of CloudWatch's retention periods (${[...retentionValues].join(", ")})`,
    ),
    logLevel: z.enum(["DEBUG", "INFO", "WARN", "ERROR"]).default("INFO"),
    apiRateLimit: positiveInt(25),
    apiBurstLimit: positiveInt(50),
    storeUrl: z.url({ protocol: /^https?$/ }).default("https://www.auchan.pt"),
    consoleDir: optionalText,
  })
  .superRefine((c, ctx) => {
    const hasIssuer = c.jwtIssuer !== undefined;
    const hasAudience = (c.jwtAudience?.length ?? 0) > 0;
    if (hasIssuer !== hasAudience) {
      ctx.addIssue({
        code: "custom",
        path: [hasIssuer ? "jwtAudience" : "jwtIssuer"],
        message: "jwtIssuer and jwtAudience go together: set both, or neither for a Cognito user pool",
      });
    }
  });

/** Reads and validates the settings; `lookup` is `(key) => app.node.tryGetContext(key)`. */
export const readSettings = (lookup: (key: ContextKey) => unknown): LarderSettings => {
  const raw = Object.fromEntries(settingsContextKeys.map((key) => [key, lookup(key) ?? undefined]));
  const parsed = contextSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.map(String).join(".")}: ${i.message}`);
    throw new Error(`Invalid CDK context: ${problems.join("; ")}`);
  }
  const { jwtIssuer, jwtAudience, consoleDir, ...rest } = parsed.data;
  return {
    ...rest,
    ...(consoleDir !== undefined ? { consoleDir } : {}),
    ...(jwtIssuer !== undefined && jwtAudience !== undefined
      ? { jwt: { issuer: jwtIssuer, audience: jwtAudience } }
      : {}),
  };
};

/**
 * Sandbox stages (`sandbox`, `sandbox-<name>`) are disposable: data is destroyed with the stack and
 * deletion protection is off. Every other stage keeps its data.
 */
export const isSandboxStage = (stage: string): boolean => stage === "sandbox" || stage.startsWith("sandbox-");
