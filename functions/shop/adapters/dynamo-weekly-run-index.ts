import { DeleteCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { AppTable } from "../../core/db/app-table";
import { TenantIdSchema } from "../../core/db/keys";
import { mapDynamoError } from "../../core/db/map-dynamo-error";
import type { WeeklyRunIndex } from "../domain/ports/weekly-run-index";
import type { WeeklySlot } from "../domain/runs/weekly-slot";

/**
 * The weekly-run index in the app table, outside every tenant's key space (tenant keys start with `T#`,
 * these with `SHOPWEEKLY#`): one partition per hour of the week, one item per tenant due then
 * (`SHOPWEEKLY#{weekday}#{hh}` / `{tenant}`). The hourly tick reads one small partition, never the
 * tenants' data. It is the only cross-tenant read in the shop area, and it reads tenant ids only.
 */
const partitionOf = (slot: WeeklySlot): string =>
  `SHOPWEEKLY#${slot.weekday}#${String(slot.hour).padStart(2, "0")}`;

/** Over the container's app table: its one document client, no second one. */
export const createDynamoWeeklyRunIndex = (
  table: Pick<AppTable, "documentClient" | "tableName">,
): WeeklyRunIndex => {
  const doc = table.documentClient;
  const config = { TABLE_NAME: table.tableName };
  const send = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw mapDynamoError(error, what);
    }
  };
  return {
    put: (tenant, slot) =>
      send("Indexing a weekly run", async () => {
        await doc.send(
          new PutCommand({
            TableName: config.TABLE_NAME,
            Item: { pk: partitionOf(slot), sk: TenantIdSchema.parse(tenant), tenant },
          }),
        );
      }),
    remove: (tenant, slot) =>
      send("Dropping a weekly run", async () => {
        await doc.send(
          new DeleteCommand({ TableName: config.TABLE_NAME, Key: { pk: partitionOf(slot), sk: tenant } }),
        );
      }),
    tenantsDue: (slot) =>
      send("Reading the weekly runs due", async () => {
        const tenants: string[] = [];
        let startKey: Record<string, unknown> | undefined;
        do {
          const page = await doc.send(
            new QueryCommand({
              TableName: config.TABLE_NAME,
              KeyConditionExpression: "pk = :pk",
              ExpressionAttributeValues: { ":pk": partitionOf(slot) },
              ProjectionExpression: "sk",
              ConsistentRead: true,
              ExclusiveStartKey: startKey,
            }),
          );
          for (const item of page.Items ?? []) {
            const tenant = TenantIdSchema.safeParse(item.sk);
            if (tenant.success) tenants.push(tenant.data);
          }
          startKey = page.LastEvaluatedKey;
        } while (startKey);
        return tenants;
      }),
  };
};
