import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { SharedProviderConditions, SharedProviderFailure } from "../llm/shared-provider-conditions";

/**
 * Provider failures outside every tenant's key space (tenant keys start with `T#`): one small partition,
 * an item per provider endpoint, expiring a day after its window so the table keeps no history.
 */
const PARTITION = "LLM#PROVIDERS";
const DAY_SECONDS = 86_400;

export const createDynamoProviderConditions = (
  doc: DynamoDBDocumentClient,
  tableName: string,
): SharedProviderConditions => ({
  recordOpen: async (failure) => {
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          pk: PARTITION,
          sk: failure.key,
          provider: failure.provider,
          reason: failure.reason,
          failed_at: failure.failedAt,
          retry_after: failure.retryAfter,
          expires_at: Math.ceil(failure.retryAfter / 1000) + DAY_SECONDS,
        },
      }),
    );
  },
  recordClosed: async (key) => {
    await doc.send(new DeleteCommand({ TableName: tableName, Key: { pk: PARTITION, sk: key } }));
  },
  openFailures: async (now) => {
    const result = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "pk = :pk",
        FilterExpression: "retry_after > :now",
        ExpressionAttributeValues: { ":pk": PARTITION, ":now": now },
      }),
    );
    return (result.Items ?? []).map(
      (item): SharedProviderFailure => ({
        key: String(item.sk),
        provider: String(item.provider),
        reason: String(item.reason),
        failedAt: Number(item.failed_at),
        retryAfter: Number(item.retry_after),
      }),
    );
  },
});
