import { randomUUID } from "node:crypto";
import { DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, inject } from "vitest";
import { createAppTable } from "../../dev/create-table";
import { LOCAL_AWS_ENV } from "../../dev/dynamodb-local";
import { type AppTable, createAppTable as createAppTableClient } from "../../functions/core/db/app-table";
import { startedLater } from "./started-later";

/** A fresh app table in the run's DynamoDB Local (integration tests only). */
export const createTestTable = async (): Promise<{
  endpoint: string;
  tableName: string;
  client: DynamoDBClient;
  drop(): Promise<void>;
}> => {
  const endpoint = inject("dynamoEndpoint");
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: {
      accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID,
      secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY,
    },
  });
  const tableName = `test-${randomUUID()}`;
  await createAppTable(client, tableName);
  return {
    endpoint,
    tableName,
    client,
    drop: async () => {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      client.destroy();
    },
  };
};

/**
 * A fresh app table for this test file, as the functions open it (`createAppTable`): made in the file's
 * beforeAll, its client closed and the table dropped in its afterAll.
 */
export const useTestAppTable = (): AppTable => {
  let testTable: Awaited<ReturnType<typeof createTestTable>> | undefined;
  let appTable: AppTable | undefined;
  beforeAll(async () => {
    testTable = await createTestTable();
    appTable = createAppTableClient({
      TABLE_NAME: testTable.tableName,
      DYNAMODB_ENDPOINT: testTable.endpoint,
    });
  });
  afterAll(async () => {
    appTable?.destroy();
    await testTable?.drop();
  });
  return startedLater(() => appTable, "The test app table");
};
