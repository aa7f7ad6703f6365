import type { TestProject } from "vitest/node";
import { type DynamoDbLocal, LOCAL_AWS_ENV, startDynamoDbLocal } from "../../dev/dynamodb-local";
import { chromiumExecutablePath } from "../../functions/shop/store/launch-chromium";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/**
 * One DynamoDB Local JVM for the whole integration run (3-4 s to start). Tests create their own tables
 * (tests/support/table.ts) so files can run in parallel without seeing each other's items.
 */
let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoDbLocal();
  Object.assign(process.env, LOCAL_AWS_ENV);
  project.provide("dynamoEndpoint", dynamo.endpoint);
  // Extracted once before any file runs: workers that extract it at once launch a half-written binary.
  await chromiumExecutablePath();
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}
