import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from "@aws-sdk/client-secrets-manager";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import type { TenantTable } from "../../../../functions/core/db/tenant-table";
import { DependencyUnavailableError } from "../../../../functions/core/errors";
import {
  createSecretsManagerStoreAccountVault,
  parseSecret,
} from "../../../../functions/shop/adapters/secrets-manager-store-account-vault";

const secretsManager = mockClient(SecretsManagerClient);
const PASSWORD = "Larder-secret-7f3a9c!";
const OLD_PASSWORD = "Larder-old-2b81!";

/** The table's three calls the vault makes, in memory (unit test: Secrets Manager is the subject). */
const memoryTable = () => {
  const items = new Map<string, unknown>();
  return {
    get: async (key: unknown) => {
      const data = items.get(JSON.stringify(key));
      return data === undefined ? undefined : { data, version: 1 };
    },
    put: async (key: unknown, data: unknown) => {
      items.set(JSON.stringify(key), data);
    },
    delete: async (key: unknown) => items.delete(JSON.stringify(key)),
  } as unknown as TenantTable;
};

const vault = () =>
  createSecretsManagerStoreAccountVault(memoryTable(), "casa-ana", "larder/test/store-account/", "key-arn");

beforeEach(() => {
  secretsManager.reset();
});

describe("the Secrets Manager store-account vault", () => {
  it("replacing the credentials takes the AWSPREVIOUS stage off the replaced version", async () => {
    secretsManager.on(PutSecretValueCommand).resolves({ VersionId: "v2" });
    secretsManager.on(DescribeSecretCommand).resolves({
      VersionIdsToStages: { v1: ["AWSPREVIOUS"], v2: ["AWSCURRENT"] },
    });
    secretsManager.on(UpdateSecretVersionStageCommand).resolves({});
    await vault().saveCredentials({ email: "ana@example.com", password: PASSWORD }, new Date());
    expect(
      secretsManager.commandCalls(UpdateSecretVersionStageCommand).map((call) => call.args[0].input),
    ).toEqual([
      {
        SecretId: "larder/test/store-account/casa-ana",
        VersionStage: "AWSPREVIOUS",
        RemoveFromVersionId: "v1",
      },
    ]);
  });

  it("a first save creates the secret with the stack's key, and has no previous version to forget", async () => {
    secretsManager
      .on(PutSecretValueCommand)
      .rejects(new ResourceNotFoundException({ message: "no such secret", $metadata: {} }));
    secretsManager.on(CreateSecretCommand).resolves({ VersionId: "v1" });
    await vault().saveCredentials({ email: "ana@example.com", password: PASSWORD }, new Date());
    expect(secretsManager.commandCalls(CreateSecretCommand)[0]?.args[0].input.KmsKeyId).toBe("key-arn");
    expect(secretsManager.commandCalls(DescribeSecretCommand)).toHaveLength(0);
  });

  it("reads the current version only", async () => {
    secretsManager.on(GetSecretValueCommand).resolves({
      SecretString: JSON.stringify({ credentials: { email: "ana@example.com", password: OLD_PASSWORD } }),
    });
    expect(await vault().readCredentials()).toEqual({ email: "ana@example.com", password: OLD_PASSWORD });
    expect(secretsManager.commandCalls(GetSecretValueCommand)[0]?.args[0].input.VersionStage).toBe(
      "AWSCURRENT",
    );
  });

  it("reports a secret that does not parse without its text, and without a cause that quotes it", async () => {
    for (const text of [
      `{"credentials": {"password": "${PASSWORD}"`,
      `{"credentials": {"password": "${PASSWORD}"}}`,
    ]) {
      secretsManager.reset();
      secretsManager.on(GetSecretValueCommand).resolves({ SecretString: text });
      const error = await vault()
        .readCredentials()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect(
        JSON.stringify({ error, message: (error as Error).message, cause: (error as Error).cause }),
      ).not.toContain(PASSWORD.slice(0, 8));
      expect((error as Error).cause).toBeUndefined();
    }
    expect(() => parseSecret("not json")).toThrow("The store account's secret is not JSON");
    expect(() => parseSecret(`{"credentials": {"email": 5}}`)).toThrow(
      /lacks or mistypes credentials\.email/,
    );
  });
});
