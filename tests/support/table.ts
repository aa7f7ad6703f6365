import { randomUUID } from "node:crypto";
import { DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { inject } from "vitest";
import { createAppTable } from "../../dev/create-table";
import { LOCAL_AWS_ENV } from "../../dev/dynamodb-local";

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
