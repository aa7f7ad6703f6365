/**
 * What every client of DynamoDB Local uses. It keeps one namespace per access key and region, so the
 * table's creator and the handlers must agree; and the process's own AWS settings (a real region and
 * credentials for Bedrock, say) stay untouched. A module of its own, without the SDK, so `npm start` can
 * spawn DynamoDB Local's JVM before it loads the SDK (dev/dynamodb-local.ts).
 */
export const LOCAL_DYNAMODB_CLIENT_CONFIG = {
  region: "eu-west-1",
  credentials: { accessKeyId: "local", secretAccessKey: "local" },
} as const;
