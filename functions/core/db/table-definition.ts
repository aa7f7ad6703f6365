/**
 * The single-table layout, shared by the CDK table construct and the local stack's CreateTable.
 * Every key starts with the tenant: `pk = T#{tenant}#{entity}#{id}`; see functions/core/db/keys.ts.
 */
export const tableDefinition = {
  partitionKey: "pk",
  sortKey: "sk",
  /** Generic inverted/secondary access pattern; its keys are tenant-prefixed too. */
  indexes: [{ indexName: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" }],
  /** Epoch seconds. DynamoDB deletes late (up to days) and DynamoDB Local never does: reads filter on it. */
  timeToLiveAttribute: "expires_at",
  /** Optimistic-locking counter, incremented on every versioned write. */
  versionAttribute: "version",
} as const;
