import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../../../../dev/workflow-runner";
import { ConflictError, NotFoundError } from "../../../../functions/core/errors";
import type { FunctionDefinition } from "../../../../lib/definition-types";
import { waitUntil } from "../../../support/wait-until";

// The callback pattern (`arn:aws:states:::lambda:invoke.waitForTaskToken`), which aws-local-stepfunctions
// lacks, run by the local runner: the function gets a token where the ASL reads `$$.Task.Token`, the Task
// waits until sendTaskSuccess / sendTaskFailure answers the token, and its TimeoutSeconds still applies.

const scratch = mkdtempSync(join(tmpdir(), "larder-task-token-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const keeper: FunctionDefinition = {
  id: "TokenKeeper",
  entry: "unused.ts",
  handler: "handler",
  description: "keeps task tokens",
  needs: [],
  timeoutSeconds: 5,
};

const received: Array<{ token: string; value: unknown }> = [];
const runners: LocalWorkflowRunner[] = [];
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

const runnerFor = async (review: object): Promise<LocalWorkflowRunner> => {
  const file = join(scratch, `callback-${runners.length}.asl.json`);
  writeFileSync(
    file,
    JSON.stringify({
      StartAt: "AwaitAnswer",
      States: {
        AwaitAnswer: {
          Type: "Task",
          Resource: "arn:aws:states:::lambda:invoke.waitForTaskToken",
          Parameters: {
            FunctionName: `\${KeeperFnArn}`,
            Payload: { "token.$": "$$.Task.Token", "value.$": "$.value" },
          },
          ResultPath: "$.answer",
          End: true,
          ...review,
        },
        ...("Catch" in review ? { Caught: { Type: "Pass", End: true } } : {}),
      },
    }),
  );
  const runner = await createLocalWorkflowRunner({
    workflows: [
      { name: "callback", file, functionSubstitutions: { KeeperFnArn: "TokenKeeper" }, timeoutSeconds: 30 },
    ],
    findFunction: (id) => (id === keeper.id ? keeper : undefined),
    rootDir: scratch,
    loadHandler: async () => async (event: unknown) => {
      received.push(event as { token: string; value: unknown });
      return { stored: true };
    },
  });
  runners.push(runner);
  return runner;
};

const tokenFor = async (value: string): Promise<string> => {
  await waitUntil(`a token for ${value}`, () => received.some((r) => r.value === value), 5_000);
  const found = received.find((r) => r.value === value);
  if (!found) throw new Error(`no token for ${value}`);
  return found.token;
};

describe("local runner: tasks paused on a task token", () => {
  it("hands the function a token and resumes with what sendTaskSuccess sends", async () => {
    const runner = await runnerFor({});
    const { executionId } = await runner.start("callback", { value: "first" });
    const token = await tokenFor("first");
    expect((await runner.describe(executionId)).status).toBe("RUNNING");
    await runner.sendTaskSuccess(token, { decision: "approve" });
    const ended = await runner.waitForExecution(executionId);
    expect(ended.status).toBe("SUCCEEDED");
    expect(ended.output).toEqual({ value: "first", answer: { decision: "approve" } });
    await expect(runner.sendTaskSuccess(token, {})).rejects.toBeInstanceOf(ConflictError);
  });

  it("fails the Task with sendTaskFailure's error name, which a Catch matches", async () => {
    const runner = await runnerFor({
      Catch: [{ ErrorEquals: ["ReviewRefused"], ResultPath: "$.error", Next: "Caught" }],
    });
    const { executionId } = await runner.start("callback", { value: "second" });
    await runner.sendTaskFailure(await tokenFor("second"), "ReviewRefused", "a person said no");
    const ended = await runner.waitForExecution(executionId);
    expect(ended.status).toBe("SUCCEEDED");
    expect(ended.output).toMatchObject({ error: { Error: "ReviewRefused", Cause: "a person said no" } });
  });

  it("times the wait out with the state's TimeoutSeconds", async () => {
    const runner = await runnerFor({ TimeoutSeconds: 1 });
    const { executionId } = await runner.start("callback", { value: "third" });
    const ended = await runner.waitForExecution(executionId);
    expect(ended.status).toBe("FAILED");
    expect(ended.error?.error).toBe("States.Timeout");
  });

  it("refuses a token no Task waits on", async () => {
    const runner = await runnerFor({});
    await expect(runner.sendTaskSuccess("local-task-token-unknown", {})).rejects.toMatchObject({
      code: "task_not_waiting",
    });
  });

  it("starts an execution at a named state, the ASL running on from there (a paused wait a restart lost)", async () => {
    const file = join(scratch, "callback-after-a-step.asl.json");
    writeFileSync(
      file,
      JSON.stringify({
        StartAt: "Before",
        States: {
          Before: { Type: "Pass", Result: "ran", ResultPath: "$.before", Next: "AwaitAnswer" },
          AwaitAnswer: {
            Type: "Task",
            Resource: "arn:aws:states:::lambda:invoke.waitForTaskToken",
            Parameters: {
              FunctionName: `\${KeeperFnArn}`,
              Payload: { "token.$": "$$.Task.Token", "value.$": "$.value" },
            },
            ResultPath: "$.answer",
            Next: "After",
          },
          After: { Type: "Pass", Result: "ran", ResultPath: "$.after", End: true },
        },
      }),
    );
    const runner = await createLocalWorkflowRunner({
      workflows: [
        { name: "later", file, functionSubstitutions: { KeeperFnArn: "TokenKeeper" }, timeoutSeconds: 30 },
      ],
      findFunction: (id) => (id === keeper.id ? keeper : undefined),
      rootDir: scratch,
      loadHandler: async () => async (event: unknown) => {
        received.push(event as { token: string; value: unknown });
        return { stored: true };
      },
    });
    runners.push(runner);
    const { executionId } = await runner.startAt(
      "later",
      "AwaitAnswer",
      { value: "resumed" },
      {
        executionName: "carried-on",
      },
    );
    expect(executionId).toMatch(/:execution:later:carried-on$/);
    await runner.sendTaskSuccess(await tokenFor("resumed"), { decision: "approve" });
    const ended = await runner.waitForExecution(executionId);
    expect(ended.status).toBe("SUCCEEDED");
    // Before never ran; the states after the wait did, as the ASL has them.
    expect(ended.output).toEqual({ value: "resumed", answer: { decision: "approve" }, after: "ran" });
    expect(ended.steps.map((step) => step.name)).toEqual(["AwaitAnswer", "After"]);
    await expect(
      runner.startAt("later", "AwaitAnswer", { value: "again" }, { executionName: "carried-on" }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      runner.startAt("later", "Nowhere", { value: "x" }, { executionName: "nowhere" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    // The workflow still starts at its StartAt otherwise.
    const whole = await runner.start("later", { value: "whole" });
    await runner.sendTaskSuccess(await tokenFor("whole"), { decision: "reject" });
    expect((await runner.waitForExecution(whole.executionId)).output).toMatchObject({
      before: "ran",
      after: "ran",
    });
  });
});
