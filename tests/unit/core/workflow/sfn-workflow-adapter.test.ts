import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  GetExecutionHistoryCommand,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  SFNClient,
  SFNServiceException,
  StartExecutionCommand,
  TaskTimedOut,
} from "@aws-sdk/client-sfn";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ConfigError,
  ConflictError,
  DependencyUnavailableError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from "../../../../functions/core/errors";
import { createSfnWorkflowAdapter } from "../../../../functions/core/workflow/sfn-workflow-adapter";
import { caughtFailureHistory, retriedSuccessHistory } from "../../../support/workflow/sfn-history-fixtures";

const sampleArn = "arn:aws:states:eu-west-1:123456789012:stateMachine:larder-dev-sample";
const executionArn = "arn:aws:states:eu-west-1:123456789012:execution:larder-dev-sample:run-1";
const sfn = mockClient(SFNClient);

const adapter = () =>
  createSfnWorkflowAdapter({
    client: new SFNClient({ region: "eu-west-1" }),
    workflowArns: { sample: sampleArn },
    newExecutionName: () => "generated-name",
  });

beforeEach(() => {
  sfn.reset();
});

describe("starting an execution on Step Functions", () => {
  it("starts the workflow's state machine with the JSON input and the given name", async () => {
    sfn.on(StartExecutionCommand).resolves({ executionArn, startDate: new Date("2026-02-01T12:00:00Z") });

    const started = await adapter().start("sample", { items: ["a"] }, { executionName: "run-1" });

    expect(started).toEqual({ executionId: executionArn, startedAt: "2026-02-01T12:00:00.000Z" });
    expect(sfn.commandCalls(StartExecutionCommand).map((c) => c.args[0].input)).toEqual([
      { stateMachineArn: sampleArn, name: "run-1", input: '{"items":["a"]}' },
    ]);
  });

  it("names the execution itself and sends {} when the caller gives neither", async () => {
    sfn.on(StartExecutionCommand).resolves({ executionArn, startDate: new Date() });

    await adapter().start("sample", undefined);

    expect(sfn.commandCalls(StartExecutionCommand)[0]?.args[0].input).toMatchObject({
      name: "generated-name",
      input: "{}",
    });
  });

  it("refuses a workflow missing from WORKFLOW_ARNS without calling AWS", async () => {
    await expect(adapter().start("unknown", {})).rejects.toBeInstanceOf(ConfigError);
    expect(sfn.calls()).toHaveLength(0);
  });

  it("refuses an execution name Step Functions would refuse, naming the option", async () => {
    const error = await adapter()
      .start("sample", {}, { executionName: "has spaces" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["executionName"]);
    expect(sfn.calls()).toHaveLength(0);
  });

  it("refuses an input over 256 KiB before calling AWS", async () => {
    await expect(adapter().start("sample", { blob: "x".repeat(256 * 1024) })).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
    expect(sfn.calls()).toHaveLength(0);
  });

  it("reports a reused execution name as a conflict", async () => {
    sfn.on(StartExecutionCommand).rejects(new ExecutionAlreadyExists({ message: "exists", $metadata: {} }));
    const error = await adapter()
      .start("sample", {}, { executionName: "run-1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe("execution_already_exists");
  });

  it("reports a service fault as the dependency being unavailable", async () => {
    sfn
      .on(StartExecutionCommand)
      .rejects(new SFNServiceException({ name: "InternalFailure", $fault: "server", $metadata: {} }));
    await expect(adapter().start("sample", {})).rejects.toBeInstanceOf(DependencyUnavailableError);
  });
});

describe("describing an execution on Step Functions", () => {
  it("combines the execution's status and output with steps read from every history page", async () => {
    sfn.on(DescribeExecutionCommand).resolves({
      executionArn,
      stateMachineArn: sampleArn,
      status: "SUCCEEDED",
      input: '{"items":["a"]}',
      output: '{"done":true}',
      startDate: new Date("2026-02-01T12:00:00Z"),
      stopDate: new Date("2026-02-01T12:00:12Z"),
    });
    sfn
      .on(GetExecutionHistoryCommand, { executionArn, nextToken: undefined })
      .resolves({ events: retriedSuccessHistory.slice(0, 6), nextToken: "page-2" })
      .on(GetExecutionHistoryCommand, { executionArn, nextToken: "page-2" })
      .resolves({ events: retriedSuccessHistory.slice(6) });

    const execution = await adapter().describe(executionArn);

    expect(execution).toMatchObject({
      executionId: executionArn,
      workflowName: "sample",
      status: "SUCCEEDED",
      input: { items: ["a"] },
      output: { done: true },
      startedAt: "2026-02-01T12:00:00.000Z",
      stoppedAt: "2026-02-01T12:00:12.000Z",
    });
    expect(execution.error).toBeUndefined();
    expect(execution.steps.map((s) => [s.name, s.status, s.retries])).toEqual([
      ["FlakyStep", "SUCCEEDED", 1],
      ["Done", "SUCCEEDED", 0],
    ]);
    expect(sfn.commandCalls(GetExecutionHistoryCommand)).toHaveLength(2);
  });

  it("reports a failed execution's error and the step it failed in", async () => {
    sfn.on(DescribeExecutionCommand).resolves({
      executionArn,
      stateMachineArn: sampleArn,
      status: "FAILED",
      input: "{}",
      error: "SampleFlakyStepFailed",
      cause: "gave up",
      startDate: new Date("2026-02-01T12:00:00Z"),
      stopDate: new Date("2026-02-01T12:00:39Z"),
    });
    sfn.on(GetExecutionHistoryCommand).resolves({ events: caughtFailureHistory });

    const execution = await adapter().describe(executionArn);

    expect(execution.status).toBe("FAILED");
    expect(execution.output).toBeUndefined();
    expect(execution.error).toEqual({ error: "SampleFlakyStepFailed", cause: "gave up" });
    expect(execution.steps.filter((s) => s.status !== "SUCCEEDED").map((s) => [s.name, s.status])).toEqual([
      ["FlakyStep", "CAUGHT"],
      ["RunFailed", "FAILED"],
    ]);
  });

  it("names a state machine outside WORKFLOW_ARNS by its own name", async () => {
    const otherArn = "arn:aws:states:eu-west-1:123456789012:stateMachine:someone-else";
    sfn
      .on(DescribeExecutionCommand)
      .resolves({ stateMachineArn: otherArn, status: "RUNNING", startDate: new Date() });
    sfn.on(GetExecutionHistoryCommand).resolves({ events: [] });

    const execution = await adapter().describe(executionArn);

    expect(execution.workflowName).toBe("someone-else");
    expect(execution.status).toBe("RUNNING");
  });

  it("reports an unknown execution as not found", async () => {
    sfn.on(DescribeExecutionCommand).rejects(new ExecutionDoesNotExist({ message: "nope", $metadata: {} }));
    sfn.on(GetExecutionHistoryCommand).rejects(new ExecutionDoesNotExist({ message: "nope", $metadata: {} }));
    await expect(adapter().describe(executionArn)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("answering a Task paused on a task token", () => {
  it("sends the output as JSON with SendTaskSuccess, and the error with SendTaskFailure", async () => {
    sfn.on(SendTaskSuccessCommand).resolves({});
    sfn.on(SendTaskFailureCommand).resolves({});

    await adapter().sendTaskSuccess("token-1", { decision: "approve" });
    await adapter().sendTaskFailure("token-2", "ReviewRefused", "no");

    expect(sfn.commandCalls(SendTaskSuccessCommand)[0]?.args[0].input).toEqual({
      taskToken: "token-1",
      output: '{"decision":"approve"}',
    });
    expect(sfn.commandCalls(SendTaskFailureCommand)[0]?.args[0].input).toEqual({
      taskToken: "token-2",
      error: "ReviewRefused",
      cause: "no",
    });
  });

  it("makes a token no Task waits on any more a ConflictError task_not_waiting", async () => {
    sfn.on(SendTaskSuccessCommand).rejects(new TaskTimedOut({ message: "timed out", $metadata: {} }));

    const error = await adapter()
      .sendTaskSuccess("token-1", {})
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: "task_not_waiting" });
  });
});
