import { z } from "zod";
import { envString, parseConfig } from "../config";
import { ConfigError } from "../errors";

export type SqlConfig =
  | { adapter: "postgres-wire"; url: string; sharedSession: boolean }
  | { adapter: "rds-data-api"; clusterArn: string; secretArn: string; database: string };

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const sqlEnvSchema = z.object({
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "a postgres:// or postgresql:// URL")),
  DATABASE_CLUSTER_ARN: optional(envString()),
  DATABASE_SECRET_ARN: optional(envString()),
  DATABASE_NAME: optional(envString()),
  // "true" when several clients share one PostgreSQL session (the local PGlite's socket server).
  DATABASE_SHARED_SESSION: optional(z.enum(["true", "false"])),
});

/**
 * `DATABASE_URL` selects the wire protocol (the local PGlite, RDS, any PostgreSQL); otherwise CDK's
 * `DATABASE_CLUSTER_ARN`, `DATABASE_SECRET_ARN` and `DATABASE_NAME` select the Data API. Neither: the
 * variables are named in the error.
 */
export const readSqlConfig = (env: Record<string, string | undefined> = process.env): SqlConfig => {
  const vars = parseConfig(sqlEnvSchema, env);
  if (vars.DATABASE_URL) {
    return {
      adapter: "postgres-wire",
      url: vars.DATABASE_URL,
      sharedSession: vars.DATABASE_SHARED_SESSION === "true",
    };
  }
  const missing = (["DATABASE_CLUSTER_ARN", "DATABASE_SECRET_ARN", "DATABASE_NAME"] as const).filter(
    (name) => !vars[name],
  );
  if (missing.length === 0) {
    return {
      adapter: "rds-data-api",
      clusterArn: vars.DATABASE_CLUSTER_ARN as string,
      secretArn: vars.DATABASE_SECRET_ARN as string,
      database: vars.DATABASE_NAME as string,
    };
  }
  throw new ConfigError(
    `Invalid configuration: DATABASE_URL is missing (or set ${missing.join(", ")} for the Data API)`,
    { details: { variables: ["DATABASE_URL", ...missing] } },
  );
};
