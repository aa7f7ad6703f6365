import { z } from "zod";
import { envPort, envUrl, parseConfig } from "../../../core/config";
import { isLoopbackHost } from "./store-site";

/** The simulated store's port when STORE_PORT is not set (the local stack's default too). */
export const DEFAULT_STORE_PORT = 3001;
/** Bound on every navigation and wait in the store tools. */
export const DEFAULT_STORE_TIMEOUT_MS = 15_000;

const storeEnvSchema = z
  .object({
    STORE_URL: envUrl().optional(),
    STORE_PORT: envPort().optional(),
    STORE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
    /** Set by the Lambda runtime: deployed, there is no local simulated store to fall back to. */
    AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  })
  .superRefine((env, context) => {
    if (env.AWS_LAMBDA_FUNCTION_NAME && env.STORE_URL === undefined) {
      context.addIssue({
        code: "custom",
        path: ["STORE_URL"],
        message: "required in a Lambda (CDK sets it from the storeUrl context key)",
      });
    }
  });

export interface StoreConfig {
  /** The store the tools drive: the real Auchan.pt or the simulated one. */
  storeUrl: URL;
  timeoutMs: number;
  /**
   * The store shows a household's cart, orders and slots only to its signed-in account: any store but the
   * simulated one on this machine (a loopback address), whose demo household needs no account.
   */
  requiresAccount: boolean;
}

/**
 * STORE_URL chooses the store; unset, it is the local simulated store at
 * http://127.0.0.1:${STORE_PORT:-3001} (documented default: `npm start` serves it there). In a Lambda
 * that default would point at nothing, so there a missing STORE_URL fails at cold start with its name.
 * STORE_TIMEOUT_MS bounds every wait (default 15 s).
 */
export const readStoreConfig = (env: Record<string, string | undefined> = process.env): StoreConfig => {
  const parsed = parseConfig(storeEnvSchema, env);
  const storeUrl = new URL(parsed.STORE_URL ?? `http://127.0.0.1:${parsed.STORE_PORT ?? DEFAULT_STORE_PORT}`);
  return {
    storeUrl,
    timeoutMs: parsed.STORE_TIMEOUT_MS ?? DEFAULT_STORE_TIMEOUT_MS,
    requiresAccount: !isLoopbackHost(storeUrl.hostname),
  };
};
