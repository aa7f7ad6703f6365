import {
  CreateTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "../functions/core/db/table-definition";

/**
 * Turns the table's TTL on or off (the attribute CDK deploys with); already so is fine. DynamoDB Local runs
 * the expiry job of a table with TTL on from the moment it starts, one Scan page under the table's write
 * lock, its code run for the first time: on a kept folder measured about 0.4 s of the JVM's CPU before its
 * first GetItem and Query could answer (bench/README.md). The local stack turns it on after ready and off
 * at stop. Expired items are never served either way: the table layer filters them (tenant-table.ts).
 */
export const setTimeToLive = async (
  client: DynamoDBClient,
  tableName: string,
  enabled: boolean,
  abortSignal?: AbortSignal,
): Promise<void> => {
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: enabled },
      }),
      abortSignal ? { abortSignal } : {},
    );
  } catch (error) {
    // DynamoDB's answer when it is so already: "TimeToLive is already enabled" (or disabled).
    if (!(error instanceof Error && /already (enabled|disabled)/i.test(error.message))) throw error;
  }
};

/**
 * Creates the app table from the same definition CDK deploys (functions/core/db/table-definition.ts), TTL
 * on unless `timeToLive` is false (the local stack turns it on after ready: `setTimeToLive`).
 */
export const createAppTable = async (
  client: DynamoDBClient,
  tableName: string,
  { timeToLive = true }: { timeToLive?: boolean } = {},
): Promise<void> => {
  const keyNames = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const index of tableDefinition.indexes) {
    keyNames.add(index.partitionKey);
    keyNames.add(index.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [...keyNames].map((name) => ({ AttributeName: name, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: "HASH" },
        { AttributeName: tableDefinition.sortKey, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: tableDefinition.indexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: "HASH" },
          { AttributeName: index.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  if (timeToLive) await setTimeToLive(client, tableName, true);
};

/**
 * Creates the app table unless it is there already (a kept DynamoDB Local database); true when created.
 * Looked for with ListTables, not DescribeTable: DynamoDB Local's DescribeTable counts the table's items
 * (measured 1.1 s on a kept folder of 9,000 items, ListTables 60 ms), on the start's critical path.
 */
export const ensureAppTable = async (
  client: DynamoDBClient,
  tableName: string,
  options: { timeToLive?: boolean } = {},
): Promise<boolean> => {
  let exclusiveStartTableName: string | undefined;
  do {
    const page = await client.send(
      new ListTablesCommand(
        exclusiveStartTableName ? { ExclusiveStartTableName: exclusiveStartTableName } : {},
      ),
    );
    if (page.TableNames?.includes(tableName)) return false;
    exclusiveStartTableName = page.LastEvaluatedTableName;
  } while (exclusiveStartTableName);
  await createAppTable(client, tableName, options);
  return true;
};
