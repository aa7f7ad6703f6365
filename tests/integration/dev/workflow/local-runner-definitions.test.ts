import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { validationRecord } from "../../../../dev/workflow/validated-asl-cache";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../../../../dev/workflow-runner";
import { ConfigError } from "../../../../functions/core/errors";
import type { FunctionDefinition, WorkflowDefinition } from "../../../../lib/definition-types";

const scratch = mkdtempSync(join(tmpdir(), "larder-asl-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const echo: FunctionDefinition = {
  id: "Echo",
  entry: fileURLToPath(new URL("./fixtures/echo-handler.ts", import.meta.url)),
  handler: "handler",
  description: "test echo",
  needs: [],
  timeoutSeconds: 1,
};
const functions = new Map([[echo.id, echo]]);
const echoArn = "arn:aws:lambda:local:000000000000:function:Echo";

const startedRunners: Promise<LocalWorkflowRunner | undefined>[] = [];
afterAll(async () => {
  for (const runner of await Promise.all(startedRunners)) await runner?.stop();
});

let fileCount = 0;
/** A runner for one workflow whose ASL is the given object, with `${EchoFnArn}` → the echo function. */
const runnerFor = (
  asl: object,
  workflow: Partial<WorkflowDefinition> = {},
  { loadHandlersOnFirstCall = false } = {},
): Promise<LocalWorkflowRunner> => {
  fileCount += 1;
  const file = join(scratch, `workflow-${fileCount}.asl.json`);
  writeFileSync(file, JSON.stringify(asl, null, 2));
  const runner = createLocalWorkflowRunner({
    workflows: [
      {
        name: "under-test",
        file,
        functionSubstitutions: { EchoFnArn: "Echo" },
        timeoutSeconds: 30,
        ...workflow,
      },
    ],
    findFunction: (id) => functions.get(id),
    rootDir: scratch,
    loadHandlersOnFirstCall,
  });
  // Ended after the file, whatever its tests did (a refused runner has nothing to end).
  startedRunners.push(runner.catch(() => undefined));
  return runner;
};

/** `${Key}` as the ASL writes it (a template, so the linter does not take it for a mistake). */
const placeholder = (key: string): string => `\${${key}}`;

const echoTask = (name: string, extra: object = {}) => ({
  [name]: { Type: "Task", Resource: placeholder("EchoFnArn"), End: true, ...extra },
});

describe("local runner: substitutions", () => {
  it("fills every placeholder with the local ARN of the function CDK would put there, Resource or not", async () => {
    const runner = await runnerFor({
      StartAt: "CallEcho",
      States: echoTask("CallEcho", {
        Parameters: { calledArn: placeholder("EchoFnArn"), "value.$": "$.value" },
      }),
    });

    const definition = runner.definitionOf("under-test");
    expect(JSON.stringify(definition)).not.toMatch(/\$\{/);
    expect(definition.States.CallEcho).toMatchObject({
      Resource: echoArn,
      Parameters: { calledArn: echoArn },
    });

    const { executionId } = await runner.start("under-test", { value: 7 });
    const execution = await runner.waitForExecution(executionId);
    expect(execution.status).toBe("SUCCEEDED");
    expect(execution.output).toEqual({
      received: { calledArn: echoArn, value: 7 },
      functionName: "Echo",
      invokedFunctionArn: echoArn,
      hasTimeLeft: true,
    });
  });

  it("takes the execution timeout from the workflow definition when the ASL sets none", async () => {
    const runner = await runnerFor(
      { StartAt: "Pause", States: { Pause: { Type: "Wait", Seconds: 5, End: true } } },
      { timeoutSeconds: 1, functionSubstitutions: {} },
    );
    expect(runner.definitionOf("under-test").TimeoutSeconds).toBe(1);

    const { executionId } = await runner.start("under-test", {});
    const execution = await runner.waitForExecution(executionId);

    expect(execution.status).toBe("TIMED_OUT");
    expect(execution.error?.error).toBe("States.Timeout");
    expect(execution.steps).toMatchObject([{ name: "Pause", status: "ABORTED" }]);
  });

  it("runs Task states inside Parallel branches and Map item processors with their local handlers", async () => {
    const runner = await runnerFor({
      StartAt: "Fan",
      States: {
        Fan: {
          Type: "Parallel",
          End: true,
          Branches: [
            { StartAt: "EchoWhole", States: echoTask("EchoWhole", { Parameters: { branch: "whole" } }) },
            {
              StartAt: "EachItem",
              States: {
                EachItem: {
                  Type: "Map",
                  ItemsPath: "$.items",
                  ItemProcessor: {
                    StartAt: "EchoItem",
                    States: echoTask("EchoItem", {
                      Parameters: { "item.$": "$" },
                      OutputPath: "$.received.item",
                    }),
                  },
                  End: true,
                },
              },
            },
          ],
        },
      },
    });

    const { executionId } = await runner.start("under-test", { items: [1, 2, 3] });
    const execution = await runner.waitForExecution(executionId);

    expect(execution.status).toBe("SUCCEEDED");
    expect(execution.output).toEqual([
      expect.objectContaining({ received: { branch: "whole" }, functionName: "Echo" }),
      [1, 2, 3],
    ]);
    expect(execution.steps.filter((s) => s.name === "EchoItem")).toHaveLength(3);
  });

  it("fails a Task that outlives its function's timeout with Sandbox.Timedout, which Catch can route", async () => {
    const runner = await runnerFor({
      StartAt: "Slow",
      States: {
        ...echoTask("Slow", {
          Parameters: { sleepMs: 1500 },
          Catch: [{ ErrorEquals: ["Sandbox.Timedout"], ResultPath: "$.timedOut", Next: "Recovered" }],
        }),
        Recovered: { Type: "Pass", End: true },
      },
    });

    const { executionId } = await runner.start("under-test", {});
    const execution = await runner.waitForExecution(executionId);

    expect(execution.status).toBe("SUCCEEDED");
    expect(execution.output).toMatchObject({ timedOut: { Error: "Sandbox.Timedout" } });
    expect(execution.steps[0]).toMatchObject({ name: "Slow", status: "CAUGHT" });
  });
});

const refusal = async (asl: object, workflow: Partial<WorkflowDefinition> = {}): Promise<ConfigError> => {
  const error = await runnerFor(asl, workflow).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
};

describe("local runner: refusals at start", () => {
  it("refuses a Task whose Resource is a literal Lambda ARN, naming the state", async () => {
    const error = await refusal({
      StartAt: "CallEcho",
      States: {
        ...echoTask("CallEcho", { End: undefined, Next: "CallReal" }),
        CallReal: {
          Type: "Task",
          Resource: "arn:aws:lambda:eu-west-1:123456789012:function:Real",
          End: true,
        },
      },
    });
    expect(error.message).toContain('Task state "CallReal"');
    expect(error.message).toContain("would call real AWS");
  });

  it("refuses a service integration nested in a Parallel branch, naming its path", async () => {
    const error = await refusal({
      StartAt: "Fan",
      States: {
        Fan: {
          Type: "Parallel",
          End: true,
          Branches: [
            { StartAt: "EchoLeft", States: echoTask("EchoLeft") },
            {
              StartAt: "SaveItem",
              States: {
                SaveItem: {
                  Type: "Task",
                  Resource: "arn:aws:states:::dynamodb:putItem",
                  Parameters: { TableName: "t", Item: {} },
                  End: true,
                },
              },
            },
          ],
        },
      },
    });
    expect(error.message).toContain('Task state "Fan › Branches[1] › SaveItem"');
  });

  it("refuses an unmapped Task inside a Map item processor", async () => {
    const error = await refusal({
      StartAt: "EachItem",
      States: {
        EachItem: {
          Type: "Map",
          ItemProcessor: {
            StartAt: "InvokeViaIntegration",
            States: {
              InvokeViaIntegration: {
                Type: "Task",
                Resource: "arn:aws:states:::lambda:invoke",
                Parameters: { FunctionName: placeholder("EchoFnArn"), "Payload.$": "$" },
                End: true,
              },
            },
          },
          End: true,
        },
      },
    });
    expect(error.message).toContain('Task state "EachItem › ItemProcessor › InvokeViaIntegration"');
  });

  it("refuses a local ARN typed into the ASL instead of substituted (CDK would deploy it broken)", async () => {
    const error = await refusal({
      StartAt: "CallEcho",
      States: {
        ...echoTask("CallEcho", { End: undefined, Next: "Typed" }),
        Typed: { Type: "Task", Resource: echoArn, End: true },
      },
    });
    expect(error.message).toContain('Task state "Typed"');
  });

  it("refuses a placeholder with no substitution and a substitution no placeholder uses", async () => {
    const missing = await refusal({
      StartAt: "CallOther",
      States: { CallOther: { Type: "Task", Resource: placeholder("OtherFnArn"), End: true } },
    });
    expect(missing.message).toContain(`${placeholder("OtherFnArn")} has no substitution`);
    expect(missing.message).toContain("substitution EchoFnArn is not used in the ASL");
  });

  it("refuses a substitution naming a function that is not defined", async () => {
    const error = await refusal(
      { StartAt: "CallEcho", States: echoTask("CallEcho") },
      { functionSubstitutions: { EchoFnArn: "Nobody" } },
    );
    expect(error.message).toContain("names function Nobody, which is not defined");
  });

  it("refuses a function whose entry does not export the named handler", async () => {
    functions.set("Broken", { ...echo, id: "Broken", handler: "notAFunction" });
    const error = await refusal(
      { StartAt: "CallEcho", States: echoTask("CallEcho") },
      { functionSubstitutions: { EchoFnArn: "Broken" } },
    );
    expect(error.message).toContain('exports no function named "notAFunction"');
  });

  it("with handlers loaded at their first call (the local stack), fails that Task's execution naming the missing export, and runs again once the entry is fixed", async () => {
    const laterBroken: FunctionDefinition = { ...echo, id: "LaterBroken", handler: "notAFunction" };
    functions.set(laterBroken.id, laterBroken);
    const runner = await runnerFor(
      { StartAt: "CallEcho", States: echoTask("CallEcho") },
      { functionSubstitutions: { EchoFnArn: "LaterBroken" } },
      { loadHandlersOnFirstCall: true },
    );
    const failed = await runner.waitForExecution(
      (await runner.start("under-test", { value: 1 })).executionId,
    );
    expect(failed.status).toBe("FAILED");
    expect(JSON.stringify(failed.error)).toContain("notAFunction");

    // A failed import is not remembered: the next call imports again (as Lambda retries a failed init).
    Object.assign(laterBroken, { handler: "handler" });
    const ran = await runner.waitForExecution((await runner.start("under-test", { value: 2 })).executionId);
    expect(ran.status).toBe("SUCCEEDED");
  });

  it("refuses JSONata, which the local engine would run wrongly without a word", async () => {
    const error = await refusal({
      QueryLanguage: "JSONata",
      StartAt: "CallEcho",
      States: echoTask("CallEcho"),
    });
    expect(error.message).toContain("JSONata");
  });

  it("refuses an invalid definition with the validator's reason", async () => {
    const error = await refusal({
      StartAt: "CallEcho",
      States: echoTask("CallEcho", { End: undefined, Next: "Nowhere" }),
    });
    expect(error.message).toContain("under-test");
    expect(error.message).toMatch(/Nowhere|invalid/i);
  });

  it("refuses a state name used twice across nesting levels", async () => {
    const error = await refusal({
      StartAt: "EachItem",
      States: {
        EachItem: {
          Type: "Map",
          ItemProcessor: { StartAt: "CallEcho", States: echoTask("CallEcho") },
          Next: "CallEcho",
        },
        ...echoTask("CallEcho"),
      },
    });
    expect(error.message).toContain("DUPLICATE_STATE_NAMES");
    expect(error.message).toContain("CallEcho");
  });
});

describe("local runner: definitions validated once", () => {
  it("refuses an invalid definition at every start, not only the first (a refusal is never remembered)", async () => {
    const invalid = {
      Comment: `invalid ${Date.now()}`,
      StartAt: "CallEcho",
      States: echoTask("CallEcho", { End: undefined, Next: "Nowhere" }),
    };
    for (let start = 0; start < 2; start++) {
      const error = await refusal(invalid);
      expect(error.message, `start ${start + 1}`).toMatch(/Nowhere|invalid/i);
    }
  });

  it("records a definition the validator accepted, and only that one, under its content", async () => {
    const definition = { Comment: `valid ${Date.now()}`, StartAt: "CallEcho", States: echoTask("CallEcho") };
    const options = { checkArn: true, checkPaths: true };
    const first = await validationRecord(definition, options);
    expect(first.validated).toBe(false);
    await first.record();
    expect((await validationRecord(definition, options)).validated).toBe(true);
    expect((await validationRecord({ ...definition, Comment: "changed" }, options)).validated).toBe(false);
    expect((await validationRecord(definition, { checkArn: false, checkPaths: true })).validated).toBe(false);
  });
});
