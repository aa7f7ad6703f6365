import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LOCAL_AWS_ENV } from "../../../dev/dynamodb-local";
import { readLocalStackConfig } from "../../../dev/local-config";
import { type LocalStack, startLocalStack } from "../../../dev/local-stack";
import { parseErrorBody } from "../../support/error-body";
import { QUIET_STACK_ENV } from "../../support/quiet-stack-env";

// The whole `npm start` stack (its own DynamoDB Local, table, API server) on free ports. It writes the
// handlers' variables into process.env, so this file restores the environment it found.

const Health = z.object({
  status: z.enum(["ok", "degraded"]),
  checks: z.record(
    z.string(),
    z.object({ status: z.enum(["ok", "down", "disabled"]), detail: z.string().optional() }),
  ),
});

const savedEnv = { ...process.env };
let stack: LocalStack | undefined;
let stopped = false;

/** A developer's own AWS settings (for Bedrock, say), which the local stack must neither need nor change. */
const callersAws = {
  AWS_REGION: "us-east-2",
  AWS_ACCESS_KEY_ID: "AKIACALLERSOWNKEY",
  AWS_SECRET_ACCESS_KEY: "callers-own-secret",
};

beforeAll(async () => {
  Object.assign(process.env, callersAws);
  stack = await startLocalStack(
    readLocalStackConfig({ ...QUIET_STACK_ENV, TABLE_NAME: "larder-local-stack-test" }),
  );
});

afterAll(async () => {
  if (stack && !stopped) await stack.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

const running = (): LocalStack => {
  if (!stack) throw new Error("the local stack did not start");
  return stack;
};

describe("the local stack (npm start)", () => {
  it("reports every dependency healthy at GET /health without a token", async () => {
    const res = await fetch(`${running().apiUrl}/health`);
    expect(res.status).toBe(200);
    const health = Health.parse(await res.json());
    expect(health.status).toBe("ok");
    expect(health.checks.dynamodb_local?.status).toBe("ok");
    expect(health.checks.table?.status).toBe("ok");
    expect(health.checks.database?.status).toBe("ok");
  });

  it("leaves the caller's AWS region and credentials as they were, while its handlers reach DynamoDB Local", async () => {
    expect({
      AWS_REGION: process.env.AWS_REGION,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
    }).toEqual(callersAws);
    const health = Health.parse(await (await fetch(`${running().apiUrl}/health`)).json());
    expect(health.checks.table?.status).toBe("ok");
  });

  it("refuses a second stack in the same process, whose handlers would keep the first stack's config", async () => {
    await expect(startLocalStack(readLocalStackConfig(QUIET_STACK_ENV))).rejects.toThrow(
      /One local stack per process/,
    );
    expect((await fetch(`${running().apiUrl}/health`)).status).toBe(200);
  });

  it("listens on loopback on the free port it was given", () => {
    expect(running().apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running().apiUrl).not.toBe("http://127.0.0.1:0");
  });

  it("serves GET /openapi.json", async () => {
    const res = await fetch(`${running().apiUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(z.object({ openapi: z.string() }).parse(await res.json()).openapi).toBe("3.1.0");
  });

  it("answers an unknown route with a JSON 404", async () => {
    const res = await fetch(`${running().apiUrl}/definitely/not/here`);
    expect(res.status).toBe(404);
    expect(parseErrorBody(await res.json()).code).toBe("route_not_found");
  });

  it("creates the app table in its DynamoDB Local", async () => {
    const client = new DynamoDBClient({
      endpoint: running().dynamoEndpoint,
      region: LOCAL_AWS_ENV.AWS_REGION,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    try {
      const tables = await client.send(new ListTablesCommand({}));
      expect(tables.TableNames).toContain("larder-local-stack-test");
    } finally {
      client.destroy();
    }
  });

  it("stops the API server and DynamoDB Local, leaving nothing listening", async () => {
    const { apiUrl, dynamoEndpoint } = running();
    await running().stop();
    stopped = true;
    await expect(fetch(`${apiUrl}/health`)).rejects.toThrow();
    const client = new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: LOCAL_AWS_ENV.AWS_REGION,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
      maxAttempts: 1,
    });
    try {
      await expect(client.send(new ListTablesCommand({}))).rejects.toThrow();
    } finally {
      client.destroy();
    }
  });
});
