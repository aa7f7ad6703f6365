import { lazyPort } from "../lazy";
import type { SharedProviderConditions } from "../llm/shared-provider-conditions";

/**
 * The app table's record of provider failures (shared by every container), its DynamoDB client and
 * commands loaded on first use, never at cold start.
 */
export const lazyTableProviderConditions = (table: {
  tableName: string;
  dynamoDbEndpoint: string | undefined;
}): SharedProviderConditions =>
  lazyPort(async () => {
    const [{ createDocumentClient }, { createDynamoProviderConditions }] = await Promise.all([
      import("./app-table"),
      import("./dynamo-provider-conditions"),
    ]);
    return createDynamoProviderConditions(
      createDocumentClient({ DYNAMODB_ENDPOINT: table.dynamoDbEndpoint }).doc,
      table.tableName,
    );
  }, ["recordOpen", "recordClosed", "openFailures"]);
