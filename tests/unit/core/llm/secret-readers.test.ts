import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { GetParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  apiKeyFromSecretText,
  createAwsSecretReader,
} from "../../../../functions/core/llm/aws-secret-reader";
import { cacheSecretReads } from "../../../../functions/core/llm/secret-reader";

describe("cacheSecretReads", () => {
  it("reads each secret once for the container", async () => {
    const read = vi.fn(async (id: string) => `value of ${id}`);
    const reader = cacheSecretReads({ read });
    await Promise.all([reader.read("a"), reader.read("a"), reader.read("b")]);
    await reader.read("a");

    expect(read.mock.calls.map(([id]) => id)).toEqual(["a", "b"]);
  });

  it("forgets a failed read so the next call tries again", async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error("throttled")).mockResolvedValueOnce("key");
    const reader = cacheSecretReads({ read });

    await expect(reader.read("a")).rejects.toThrow("throttled");
    await expect(reader.read("a")).resolves.toBe("key");
  });
});

describe("apiKeyFromSecretText", () => {
  it("accepts a bare key or a JSON object holding it", () => {
    expect(apiKeyFromSecretText(" sk-bare \n")).toBe("sk-bare");
    expect(apiKeyFromSecretText('{"apiKey":"sk-json"}')).toBe("sk-json");
    expect(apiKeyFromSecretText('{"api_key":"sk-snake"}')).toBe("sk-snake");
    expect(() => apiKeyFromSecretText('{"password":"x"}')).toThrow(/apiKey/);
  });
});

describe("createAwsSecretReader", () => {
  const secrets = mockClient(SecretsManagerClient);
  const ssm = mockClient(SSMClient);
  afterEach(() => {
    secrets.reset();
    ssm.reset();
  });

  it("reads a Secrets Manager secret by id", async () => {
    secrets
      .on(GetSecretValueCommand, { SecretId: "larder/anthropic" })
      .resolves({ SecretString: '{"apiKey":"sk-sm"}' });
    await expect(createAwsSecretReader({ region: "eu-west-1" }).read("larder/anthropic")).resolves.toBe(
      "sk-sm",
    );
  });

  it("reads an ssm: id as a decrypted SecureString parameter", async () => {
    ssm.on(GetParameterCommand, { Name: "/larder/openai-key", WithDecryption: true }).resolves({
      Parameter: { Value: "sk-ssm" },
    });
    await expect(createAwsSecretReader({ region: "eu-west-1" }).read("ssm:/larder/openai-key")).resolves.toBe(
      "sk-ssm",
    );
  });

  it("fails when the secret has no string value", async () => {
    secrets.on(GetSecretValueCommand).resolves({});
    await expect(createAwsSecretReader({ region: "eu-west-1" }).read("larder/empty")).rejects.toThrow(
      /no string value/,
    );
  });
});
