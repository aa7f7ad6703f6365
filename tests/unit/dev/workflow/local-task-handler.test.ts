import { describe, expect, it } from "vitest";
import {
  createLocalTaskHandler,
  type LambdaHandler,
  LambdaInvocationError,
} from "../../../../dev/workflow/local-lambda";
import { ValidationError } from "../../../../functions/core/errors";
import type { FunctionDefinition } from "../../../../lib/definition-types";

const fn: FunctionDefinition = {
  id: "SampleWorker",
  entry: "functions/sample/none.ts",
  handler: "handler",
  description: "test",
  needs: [],
  timeoutSeconds: 1,
};

const failureOf = async (promise: Promise<unknown>): Promise<LambdaInvocationError> => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LambdaInvocationError);
  return error as LambdaInvocationError;
};

describe("a local Task handler (a Lambda as Step Functions calls it)", () => {
  it("passes a copy of the input and a context naming the function with its time left", async () => {
    const input = { items: ["a"] };
    const handler: LambdaHandler = (event, context) => {
      (event as { items: string[] }).items.push("mutated");
      return {
        functionName: context.functionName,
        arn: context.invokedFunctionArn,
        left: context.getRemainingTimeInMillis(),
      };
    };

    const output = await createLocalTaskHandler(fn, handler)(input);

    expect(input).toEqual({ items: ["a"] });
    expect(output).toMatchObject({
      functionName: "SampleWorker",
      arn: "arn:aws:lambda:local:000000000000:function:SampleWorker",
    });
    expect((output as { left: number }).left).toBeGreaterThan(0);
    expect((output as { left: number }).left).toBeLessThanOrEqual(1000);
  });

  it("returns the output as JSON: undefined becomes null, dates become strings", async () => {
    expect(await createLocalTaskHandler(fn, () => undefined)({})).toBeNull();
    expect(await createLocalTaskHandler(fn, () => ({ at: new Date(0) }))({})).toEqual({
      at: "1970-01-01T00:00:00.000Z",
    });
  });

  it("reports a thrown error under its name, with the runtime's JSON as the cause", async () => {
    const handler: LambdaHandler = () => {
      throw new ValidationError("Invalid input: items");
    };

    const error = await failureOf(createLocalTaskHandler(fn, handler)({}));

    expect(error.name).toBe("ValidationError");
    expect(JSON.parse(error.message)).toMatchObject({
      errorType: "ValidationError",
      errorMessage: "Invalid input: items",
      trace: expect.arrayContaining([expect.stringContaining("ValidationError: Invalid input: items")]),
    });
  });

  it("times out after the function's timeout as Sandbox.Timedout", async () => {
    const never: LambdaHandler = () => new Promise(() => {});
    const error = await failureOf(createLocalTaskHandler({ ...fn, timeoutSeconds: 0.05 }, never)({}));
    expect(error.name).toBe("Sandbox.Timedout");
  });

  it("refuses an output over the 256 KiB state limit as States.DataLimitExceeded", async () => {
    const error = await failureOf(createLocalTaskHandler(fn, () => "x".repeat(256 * 1024))({}));
    expect(error.name).toBe("States.DataLimitExceeded");
  });
});
