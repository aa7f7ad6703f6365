import { join, resolve } from "node:path";
import { z } from "zod";
import { configOnce, envString, parseConfig } from "../../core/config";
import { ConfigError } from "../../core/errors";
import { storeAccountKeysAt } from "../adapters/local-store-account-key";
import { createLocalStoreAccountVault } from "../adapters/local-store-account-vault";
import type { StoreAccountVault } from "../domain/ports/store-account-vault";
import { shopTable } from "./shop-table";

/**
 * Where the households' store accounts are kept. Deployed, CDK sets STORE_ACCOUNT_SECRET_PREFIX: one
 * Secrets Manager secret per tenant under it (KMS-encrypted). Locally, the table keeps them sealed with
 * AES-256-GCM under the keys in STORE_ACCOUNT_KEY_FILE (default: `store-account.key` in the data folder,
 * LARDER_DATA_DIR or `.larder/`; made when the first account is saved, never while sealed ones exist).
 */
const storeAccountEnvSchema = z.object({
  STORE_ACCOUNT_SECRET_PREFIX: envString().optional(),
  STORE_ACCOUNT_KMS_KEY_ID: envString().optional(),
  STORE_ACCOUNT_KEY_FILE: envString().optional(),
  LARDER_DATA_DIR: envString().optional(),
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
});

export const storeAccountConfig = configOnce(() => {
  const env = parseConfig(storeAccountEnvSchema);
  if (env.STORE_ACCOUNT_SECRET_PREFIX !== undefined) {
    if (env.STORE_ACCOUNT_KMS_KEY_ID === undefined) {
      throw new ConfigError("STORE_ACCOUNT_KMS_KEY_ID is required with STORE_ACCOUNT_SECRET_PREFIX");
    }
    return {
      kind: "secrets-manager" as const,
      secretPrefix: env.STORE_ACCOUNT_SECRET_PREFIX,
      kmsKeyId: env.STORE_ACCOUNT_KMS_KEY_ID,
    };
  }
  if (env.AWS_LAMBDA_FUNCTION_NAME !== undefined) {
    // Deployed, never a key file: a function without the prefix was not granted the store accounts.
    throw new ConfigError("STORE_ACCOUNT_SECRET_PREFIX is required in a Lambda that reads store accounts");
  }
  return {
    kind: "local" as const,
    keyFile: env.STORE_ACCOUNT_KEY_FILE ?? localStoreAccountKeyFile(env.LARDER_DATA_DIR),
  };
});

/** The local key file in the data folder (dev/data-dir.ts: LARDER_DATA_DIR, else `.larder/`). */
export const localStoreAccountKeyFile = (dataDir: string | undefined): string =>
  join(resolve(process.cwd(), dataDir ?? ".larder"), "store-account.key");

const localKeys = configOnce(() => {
  const config = storeAccountConfig();
  if (config.kind !== "local") throw new Error("not a local store account vault");
  return storeAccountKeysAt(config.keyFile);
});

/** The tenant's store-account vault (its module for Secrets Manager loaded only where it is used). */
export const storeAccountVaultFor = async (tenant: string): Promise<StoreAccountVault> => {
  const config = storeAccountConfig();
  const table = shopTable().forTenant(tenant);
  if (config.kind === "local") return createLocalStoreAccountVault(table, tenant, localKeys());
  const { createSecretsManagerStoreAccountVault } = await import(
    "../adapters/secrets-manager-store-account-vault"
  );
  return createSecretsManagerStoreAccountVault(table, tenant, config.secretPrefix, config.kmsKeyId);
};

/** The vault's methods, for a port resolved on first use (lazyPort). */
export const STORE_ACCOUNT_VAULT_METHODS = [
  "saveCredentials",
  "readCredentials",
  "readRecord",
  "recordStatus",
  "saveSession",
  "readSession",
  "delete",
] as const;
