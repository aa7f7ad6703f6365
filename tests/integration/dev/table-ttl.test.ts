import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DescribeTimeToLiveCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_AWS_ENV, startDynamoDbLocal } from "../../../dev/dynamodb-local";
import { readLocalStackConfig } from "../../../dev/local-config";
import { type LocalStack, startLocalStack } from "../../../dev/local-stack";
import { tableDefinition } from "../../../functions/core/db/table-definition";
import { QUIET_STACK_ENV } from "../../support/quiet-stack-env";
import { waitUntil } from "../../support/wait-until";

// DynamoDB Local runs a table's expiry job from the moment its JVM starts when the table's TTL is on: the
// local stack keeps it on only while it runs after ready, so the folder it keeps holds the table with TTL
// off. The stack writes the handlers' variables into process.env: this file restores the environment.

const TABLE = "larder-table-ttl-test";
const savedEnv = { ...process.env };
const dataDir = mkdtempSync(join(tmpdir(), "larder-table-ttl-test-"));
let stack: LocalStack | undefined;
afterAll(async () => {
  await stack?.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
  rmSync(dataDir, { recursive: true, force: true });
});

const timeToLiveOf = async (endpoint: string) => {
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  try {
    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));
    return TimeToLiveDescription;
  } finally {
    client.destroy();
  }
};

describe("the local stack's table TTL", () => {
  it("is on while the stack runs after ready, and off in the folder it keeps once stopped", async () => {
    stack = await startLocalStack(
      readLocalStackConfig({ ...QUIET_STACK_ENV, TABLE_NAME: TABLE }),
      () => undefined,
      { dataDir },
    );
    const { dynamoEndpoint } = stack;
    // As CDK deploys it, once the start is behind it.
    await waitUntil(
      "the table's TTL to be turned on after ready",
      async () => (await timeToLiveOf(dynamoEndpoint))?.TimeToLiveStatus === "ENABLED",
    );
    expect((await timeToLiveOf(dynamoEndpoint))?.AttributeName).toBe(tableDefinition.timeToLiveAttribute);
    await stack.stop();
    stack = undefined;

    // What the next start's JVM finds in the folder.
    const dynamo = await startDynamoDbLocal({ dbPath: join(dataDir, "dynamodb") });
    try {
      expect((await timeToLiveOf(dynamo.endpoint))?.TimeToLiveStatus).toBe("DISABLED");
    } finally {
      await dynamo.stop();
    }
  });
});
