import type { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import type { SSMClient } from "@aws-sdk/client-ssm";
import { z } from "zod";
import type { SecretReader } from "./secret-reader";

/** Ids with this prefix name an SSM SecureString parameter; any other id is a Secrets Manager secret. */
export const SSM_SECRET_PREFIX = "ssm:";

/** A secret holding either the bare key or a JSON object with the key under one of these names. */
const secretJsonSchema = z.union([
  z.object({ apiKey: z.string().min(1) }).transform((s) => s.apiKey),
  z.object({ api_key: z.string().min(1) }).transform((s) => s.api_key),
  z.object({ key: z.string().min(1) }).transform((s) => s.key),
]);

/** Extracts the key from a secret's text: a bare string, or `{"apiKey": "..."}` as the console stores it. */
export const apiKeyFromSecretText = (text: string): string => {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return trimmed;
  }
  const key = secretJsonSchema.safeParse(parsed);
  if (!key.success) throw new Error("the secret is JSON without an apiKey, api_key or key field");
  return key.data;
};

/**
 * Secrets Manager / SSM SecureString adapter. Each client is imported and built on first use, so a
 * container whose provider needs no secret never loads either, and one that reads a secret loads one.
 */
export const createAwsSecretReader = (options: { region?: string } = {}): SecretReader => {
  let secretsManager: SecretsManagerClient | undefined;
  let ssm: SSMClient | undefined;
  return {
    async read(secretId) {
      if (secretId.startsWith(SSM_SECRET_PREFIX)) {
        const { GetParameterCommand, SSMClient } = await import("@aws-sdk/client-ssm");
        ssm ??= new SSMClient({ region: options.region });
        const name = secretId.slice(SSM_SECRET_PREFIX.length);
        const output = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
        const value = output.Parameter?.Value;
        if (!value) throw new Error(`SSM parameter ${name} has no value`);
        return apiKeyFromSecretText(value);
      }
      const { GetSecretValueCommand, SecretsManagerClient } = await import("@aws-sdk/client-secrets-manager");
      secretsManager ??= new SecretsManagerClient({ region: options.region });
      const output = await secretsManager.send(new GetSecretValueCommand({ SecretId: secretId }));
      if (!output.SecretString) throw new Error(`secret ${secretId} has no string value`);
      return apiKeyFromSecretText(output.SecretString);
    },
  };
};
