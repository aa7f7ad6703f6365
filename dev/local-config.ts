import { z } from "zod";
import { envPort, envString, parseConfig, resolveLlmProvider } from "../functions/core/config";

/**
 * The local stack's own settings. The defaults are the documented local ports (README); every one can be
 * overridden so two stacks can run side by side.
 */
export const LocalStackConfigSchema = z.object({
  PORT: envPort().default(3000),
  STORE_PORT: envPort().default(3001),
  /** Point the store tools at another store (the simulated one still starts on STORE_PORT). */
  STORE_URL: z.url().optional(),
  /** 0 or unset: a free port. */
  DYNAMODB_PORT: envPort().optional(),
  TABLE_NAME: envString().default("larder-local"),
  /** 0 or unset: a free port for the local PostgreSQL (PGlite). */
  DATABASE_PORT: envPort().optional(),
  /** Any PostgreSQL with pgvector instead of the local PGlite; migrations are applied to it at start. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// or postgresql:// URL")
    .optional(),
  DEMO_DATA: z.enum(["on", "off"]).default("on"),
  /** `npm start`'s data folder (dev/data-dir.ts): `.larder/` in the repository when unset. */
  LARDER_DATA_DIR: envString().optional(),
  SCHEDULES: z.enum(["on", "off"]).default("on"),
});

export type LocalStackConfig = z.output<typeof LocalStackConfigSchema> & { LLM_PROVIDER: string };

export const readLocalStackConfig = (
  env: Record<string, string | undefined> = process.env,
): LocalStackConfig => ({
  ...parseConfig(LocalStackConfigSchema, env),
  LLM_PROVIDER: resolveLlmProvider(env),
});
