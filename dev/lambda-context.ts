import { randomUUID } from "node:crypto";
import type { Context } from "aws-lambda";

/** A Lambda context for local invocations, with a real remaining-time clock (agents use it as a deadline). */
export const createLambdaContext = (functionName: string, timeoutSeconds = 30): Context => {
  const startedAt = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => Math.max(0, startedAt + timeoutSeconds * 1000 - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
