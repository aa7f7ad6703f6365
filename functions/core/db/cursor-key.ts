import { randomBytes } from "node:crypto";
import { ConfigError, DependencyUnavailableError, isLarderError } from "../errors";
import { type CursorKey, type CursorKeySource, cursorKeyFromSecret, derivedCursorKey } from "./cursor";
import type { TableConfig } from "./table-config";

/** Reads a secret's string (Secrets Manager, the SDK loaded on first use); replaced in tests. */
export type SecretStringReader = (secretId: string) => Promise<string>;

const readFromSecretsManager: SecretStringReader = async (secretId) => {
  const { GetSecretValueCommand, SecretsManagerClient } = await import("@aws-sdk/client-secrets-manager");
  try {
    const output = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!output.SecretString) throw new ConfigError(`The cursor key secret ${secretId} has no string value`);
    return output.SecretString;
  } catch (error) {
    if (isLarderError(error)) throw error;
    // The SDK's name only (AccessDeniedException, a network error): never the secret.
    const name = error instanceof Error ? error.name : "unknown error";
    throw new DependencyUnavailableError(`The cursor key secret ${secretId} could not be read: ${name}`);
  }
};

const MIN_SECRET_CHARACTERS = 32;

/**
 * Where the table's cursor key comes from, by the table's config:
 * - `CURSOR_KEY`: that secret;
 * - `CURSOR_KEY_SECRET_ID` (deployed, the functions whose lists page to clients): the secret's value,
 *   read once on the first list (a failed read is tried again by the next), at least 32 characters;
 * - neither, in Lambda: a random key of this container, for the paging a function does within one call
 *   (a step reading every record); its cursors never leave the function, and none can be forged;
 * - neither, outside Lambda (the local stack, tests): derived from the table's name (derivedCursorKey).
 */
export const cursorKeySource = (
  config: Pick<
    TableConfig,
    "TABLE_NAME" | "CURSOR_KEY" | "CURSOR_KEY_SECRET_ID" | "AWS_LAMBDA_FUNCTION_NAME"
  >,
  readSecret: SecretStringReader = readFromSecretsManager,
): CursorKeySource => {
  if (config.CURSOR_KEY !== undefined) {
    const key = cursorKeyFromSecret(config.CURSOR_KEY);
    return async () => key;
  }
  const secretId = config.CURSOR_KEY_SECRET_ID;
  if (secretId !== undefined) {
    let key: Promise<CursorKey> | undefined;
    return () => {
      key ??= readSecret(secretId).then((secret) => {
        if (secret.length < MIN_SECRET_CHARACTERS) {
          throw new ConfigError(
            `The cursor key secret ${secretId} holds ${secret.length} characters; it needs at least ${MIN_SECRET_CHARACTERS}`,
            { details: { variables: ["CURSOR_KEY_SECRET_ID"] } },
          );
        }
        return cursorKeyFromSecret(secret);
      });
      key.catch(() => {
        key = undefined;
      });
      return key;
    };
  }
  const key =
    config.AWS_LAMBDA_FUNCTION_NAME !== undefined ? randomBytes(32) : derivedCursorKey(config.TABLE_NAME);
  return async () => key;
};

/**
 * For a function whose lists page to clients (a cursor in one answer comes back to another container):
 * deployed, its cursor key must be the stack's secret. Called at cold start, so a function CDK did not
 * give the `cursors` need fails there, naming the variable, instead of issuing cursors no other container
 * opens.
 */
export const requireClientCursorKey = (
  config: Pick<TableConfig, "CURSOR_KEY" | "CURSOR_KEY_SECRET_ID" | "AWS_LAMBDA_FUNCTION_NAME">,
): void => {
  if (config.AWS_LAMBDA_FUNCTION_NAME === undefined) return;
  if (config.CURSOR_KEY !== undefined || config.CURSOR_KEY_SECRET_ID !== undefined) return;
  throw new ConfigError(
    "CURSOR_KEY_SECRET_ID is required in a Lambda whose lists page to clients (CDK sets it with the `cursors` need)",
    { details: { variables: ["CURSOR_KEY_SECRET_ID"] } },
  );
};
