import { randomUUID } from "node:crypto";
import type { Context } from "aws-lambda";
import { localLambdaArn } from "./workflow/asl-substitutions";

export interface LocalLambdaContextOptions {
  /** Seconds from now until the function's deadline (its timeout); default 30. */
  timeoutSeconds?: number;
  memoryMb?: number;
}

/**
 * The Lambda context for local invocations (API server, workflow runner, tests), with a real
 * remaining-time clock: agents and store tools derive their deadline from it.
 */
export const createLambdaContext = (
  functionName: string,
  options: LocalLambdaContextOptions | number = {},
): Context => {
  const { timeoutSeconds = 30, memoryMb = 512 } =
    typeof options === "number" ? { timeoutSeconds: options } : options;
  const deadline = Date.now() + timeoutSeconds * 1000;
  const unsupported = () => {
    throw new Error("Callback-style Lambda context methods are not supported; return or throw instead");
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: localLambdaArn(functionName),
    memoryLimitInMB: String(memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
};
