import {
  CreateSecretCommand,
  DeleteSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from "@aws-sdk/client-secrets-manager";
import { z } from "zod";
import type { TenantTable } from "../../core/db/tenant-table";
import { DependencyUnavailableError } from "../../core/errors";
import type { StoreAccountVault } from "../domain/ports/store-account-vault";
import {
  maskEmail,
  savedStoreSessionSchema,
  storeAccountRecordSchema,
  storeCredentialsSchema,
} from "../domain/store-account/store-account";

const recordKey = { pk: ["STOREACCOUNT"], sk: ["ACCOUNT"] };
const recordItemSchema = z.object({ record: storeAccountRecordSchema });
const secretSchema = z.object({
  credentials: storeCredentialsSchema,
  session: savedStoreSessionSchema.optional(),
});
type SecretValue = z.infer<typeof secretSchema>;

/**
 * The secret's value, or an error that says only that it does not parse: JSON.parse's message quotes the
 * text it choked on, and a schema's issues can quote values, so neither is kept (nor the cause).
 */
export const parseSecret = (text: string): SecretValue => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = secretSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.map((issue) => issue.path.join(".") || "its shape").join(", ");
  throw new DependencyUnavailableError(
    json === undefined
      ? "The store account's secret is not JSON"
      : `The store account's secret lacks or mistypes ${where}`,
    { code: "store_account_unreadable" },
  );
};

let client: SecretsManagerClient | undefined;

/**
 * Deployed: one Secrets Manager secret per tenant (`{prefix}{tenant}`, encrypted with the stack's own KMS
 * key) holds the credentials and the signed-in session; the table holds the plain
 * record. Only the functions CDK grants the prefix can read or write it (lib/constructs/area-functions.ts).
 * Errors name the secret's purpose, never its value.
 */
export const createSecretsManagerStoreAccountVault = (
  table: TenantTable,
  tenant: string,
  secretPrefix: string,
  /** The stack's own KMS key for these secrets (STORE_ACCOUNT_KMS_KEY_ID). */
  kmsKeyId: string,
): StoreAccountVault => {
  client ??= new SecretsManagerClient({});
  const secrets = client;
  const secretId = `${secretPrefix}${tenant}`;
  const failed = (what: string) => (error: unknown) => {
    throw new DependencyUnavailableError(`Secrets Manager failed ${what} the store account`, {
      code: "store_account_unavailable",
      cause: error,
    });
  };
  const readSecret = async (): Promise<SecretValue | undefined> => {
    let text: string;
    try {
      const out = await secrets.send(
        new GetSecretValueCommand({ SecretId: secretId, VersionStage: "AWSCURRENT" }),
      );
      text = out.SecretString ?? "{}";
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      return failed("reading")(error);
    }
    return parseSecret(text);
  };
  /** Writes a new current version; creates the secret when there is none. False: it was just created. */
  const writeSecret = async (value: SecretValue): Promise<boolean> => {
    const SecretString = JSON.stringify(value);
    try {
      await secrets.send(new PutSecretValueCommand({ SecretId: secretId, SecretString }));
      return true;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) return failed("writing")(error);
      await secrets
        .send(
          new CreateSecretCommand({
            Name: secretId,
            SecretString,
            KmsKeyId: kmsKeyId,
            Description: "A Larder household's store account (credentials and signed-in session)",
          }),
        )
        .catch(failed("creating"));
      return false;
    }
  };
  /**
   * Takes the AWSPREVIOUS stage off the version a replacement pushed out, so the replaced credentials
   * are no longer a readable stage (and reads ask for AWSCURRENT only, lib/constructs/store-account-secrets.ts).
   */
  const forgetPreviousVersion = async (): Promise<void> => {
    try {
      const described = await secrets.send(new DescribeSecretCommand({ SecretId: secretId }));
      for (const [versionId, stages] of Object.entries(described.VersionIdsToStages ?? {})) {
        if (!stages.includes("AWSPREVIOUS")) continue;
        await secrets.send(
          new UpdateSecretVersionStageCommand({
            SecretId: secretId,
            VersionStage: "AWSPREVIOUS",
            RemoveFromVersionId: versionId,
          }),
        );
      }
    } catch (error) {
      return failed("forgetting the replaced version of")(error);
    }
  };
  const readRecord = async () => (await table.get(recordKey, recordItemSchema))?.data.record;

  return {
    async saveCredentials(credentials, at) {
      if (await writeSecret({ credentials })) await forgetPreviousVersion();
      const record = {
        emailMasked: maskEmail(credentials.email),
        status: "none" as const,
        at: at.toISOString(),
        why: "Saved; no run has signed in with it yet.",
      };
      await table.put(recordKey, { record }, { expectedVersion: "any" });
      return record;
    },
    async readCredentials() {
      return (await readSecret())?.credentials;
    },
    readRecord,
    async recordStatus(status, why, at) {
      const record = await readRecord();
      if (!record) return;
      await table.put(
        recordKey,
        { record: { ...record, status, why, at: at.toISOString() } },
        {
          expectedVersion: "any",
        },
      );
    },
    async saveSession(session) {
      const current = await readSecret();
      if (current) await writeSecret({ ...current, session });
    },
    async readSession() {
      return (await readSecret())?.session;
    },
    async delete() {
      const existed = await table.delete(recordKey);
      try {
        await secrets.send(new DeleteSecretCommand({ SecretId: secretId, ForceDeleteWithoutRecovery: true }));
        return true;
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return existed;
        return failed("deleting")(error);
      }
    },
  };
};
