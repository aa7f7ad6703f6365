import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { cursorKeySource } from "./cursor-key";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "./local-dynamodb-config";
import { mapDynamoError } from "./map-dynamo-error";
import type { TableConfig } from "./table-config";
import { TenantTable } from "./tenant-table";

// In its own module so an entry that opens the table lazily can still check its variables at cold start.
export { type TableConfig, TableConfigSchema } from "./table-config";
export { LOCAL_DYNAMODB_CLIENT_CONFIG };

export interface AppTable {
  tableName: string;
  /** A cheap read outside every tenant's key space (tenant keys start with `T#`), for health checks. */
  probe(): Promise<void>;
  forTenant(tenant: string): TenantTable;
  /**
   * The container's one document client, for the few adapters that read outside every tenant's key space
   * (the shop's weekly-run index): they reuse this client rather than build a second one.
   */
  documentClient: DynamoDBDocumentClient;
  destroy(): void;
}

/** The one way this code base builds a DynamoDB document client: DynamoDB Local's settings when local. */
export const createDocumentClient = (
  config: Pick<TableConfig, "DYNAMODB_ENDPOINT">,
): { client: DynamoDBClient; doc: DynamoDBDocumentClient } => {
  const client = new DynamoDBClient(
    config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT, ...LOCAL_DYNAMODB_CLIENT_CONFIG } : {},
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { client, doc };
};

/** One document client per container, shared by every tenant-bound view of the table. */
export const createAppTable = (config: TableConfig, now: () => Date = () => new Date()): AppTable => {
  const { client, doc } = createDocumentClient(config);
  const cursorKey = cursorKeySource(config);
  return {
    tableName: config.TABLE_NAME,
    probe: async () => {
      try {
        await doc.send(new GetCommand({ TableName: config.TABLE_NAME, Key: { pk: "HEALTH", sk: "HEALTH" } }));
      } catch (error) {
        throw mapDynamoError(error, "Probing the table");
      }
    },
    forTenant: (tenant) => new TenantTable(doc, config.TABLE_NAME, tenant, now, cursorKey),
    documentClient: doc,
    destroy: () => client.destroy(),
  };
};
