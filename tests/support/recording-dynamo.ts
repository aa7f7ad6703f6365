import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../../functions/core/db/app-table";
import { TenantTable } from "../../functions/core/db/tenant-table";

/**
 * A DynamoDB Local document client that records the name of every command it sends (`QueryCommand`,
 * `ScanCommand`…), so a test can prove a list is served by a Query, never a Scan.
 */
export const createRecordingTable = (endpoint: string, tableName: string, now?: () => Date) => {
  const client = new DynamoDBClient({ endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
  const commands: { name: string; input: Record<string, unknown> }[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push({
        name: String(context.commandName),
        input: (args.input ?? {}) as Record<string, unknown>,
      });
      return next(args);
    },
    { step: "initialize", name: "recordCommands" },
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return {
    commands,
    forTenant: (tenant: string) => new TenantTable(doc, tableName, tenant, now),
    destroy: () => client.destroy(),
  };
};
