import type { TestProject } from "vitest/node";
import { type DynamoDbLocal, LOCAL_AWS_ENV, startDynamoDbLocal } from "../../dev/dynamodb-local";
import { type LocalPostgres, startLocalPostgres } from "../../dev/local-postgres";
import { chromiumExecutablePath } from "../../functions/shop/adapters/store/playwright";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** The local PostgreSQL (PGlite over the wire protocol), migrations applied; tests use own tenants. */
    databaseUrl: string;
  }
}

/**
 * One DynamoDB Local JVM for the whole integration run (3-4 s to start). Tests create their own tables
 * (tests/support/table.ts) so files can run in parallel without seeing each other's items.
 */
let dynamo: DynamoDbLocal | undefined;
let postgres: LocalPostgres | undefined;

export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoDbLocal();
  // After the JVM answers: PGlite's WASM start keeps this thread busy and would starve its readiness poll.
  postgres = await startLocalPostgres();
  project.provide("databaseUrl", postgres.url);
  // One PGlite session shared by every test worker's clients (workers inherit this environment).
  process.env.DATABASE_SHARED_SESSION = "true";
  Object.assign(process.env, LOCAL_AWS_ENV);
  project.provide("dynamoEndpoint", dynamo.endpoint);
  // Extracted once before any file runs: workers that extract it at once launch a half-written binary.
  await chromiumExecutablePath();
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
  await postgres?.stop();
}
