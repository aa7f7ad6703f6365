import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createScheduleRunner } from "../../../../dev/schedule-runner";
import { type LambdaHandler, loadLambdaHandler } from "../../../../dev/workflow/local-lambda";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../../../../dev/workflow-runner";
import {
  ConfigError,
  ConflictError,
  DependencyUnavailableError,
  NotFoundError,
} from "../../../../functions/core/errors";
import {
  installLocalWorkflowPort,
  processWorkflowPort,
} from "../../../../functions/core/workflow/process-workflow-port";
import type { WorkflowExecution } from "../../../../functions/core/workflow/workflow-port";
import { findSampleFunction, sampleArea } from "../../../fixtures/workflows/sample-area";
import { waitUntil } from "../../../support/wait-until";

/**
 * The sample workflow, a test fixture that never deploys (tests/fixtures/workflows), with its handlers,
 * run by the same local runner the stack uses, Retry back-off shortened to keep tests quick.
 */
const fixture = { workflows: sampleArea.workflows, findFunction: findSampleFunction } as const;
let runner: LocalWorkflowRunner;
beforeAll(async () => {
  runner = await createLocalWorkflowRunner({ ...fixture, retryIntervalMs: 0 });
});
afterAll(() => runner?.stop());

const runSample = async (input: unknown): Promise<WorkflowExecution> => {
  const { executionId } = await runner.start("sample", input);
  return runner.waitForExecution(executionId);
};

const visits = (execution: WorkflowExecution, name: string) => execution.steps.filter((s) => s.name === name);

describe("the sample fixture workflow on the local runner", () => {
  it("fans out over the items, loops to the bound, retries the flaky step and succeeds", async () => {
    const execution = await runSample({
      items: ["Flour", "Free range eggs", "Milk"],
      loopBound: 3,
      failFirstAttempts: 2,
    });

    expect(execution.status).toBe("SUCCEEDED");
    expect(execution.output).toMatchObject({
      processedItems: [
        { index: 0, item: "Flour", key: "flour" },
        { index: 1, item: "Free range eggs", key: "free-range-eggs" },
        { index: 2, item: "Milk", key: "milk" },
      ],
      loop: { count: 3 },
      flaky: { attempts: 3 },
    });
    expect(visits(execution, "ProcessItem").map((s) => s.status)).toEqual([
      "SUCCEEDED",
      "SUCCEEDED",
      "SUCCEEDED",
    ]);
    expect(visits(execution, "IncrementLoopCounter")).toHaveLength(3);
    expect(visits(execution, "CheckLoopBound")).toHaveLength(4);
    expect(visits(execution, "FlakyStep")).toEqual([
      expect.objectContaining({
        status: "SUCCEEDED",
        retries: 2,
        error: expect.objectContaining({ error: "SampleTransientError" }),
      }),
    ]);
    expect(execution.stoppedAt).toBeDefined();
  });

  it("skips the loop body when the bound is 0", async () => {
    const execution = await runSample({ items: ["a"], loopBound: 0 });

    expect(execution.output).toMatchObject({ loop: { count: 0 }, flaky: { attempts: 1 } });
    expect(visits(execution, "IncrementLoopCounter")).toEqual([]);
    expect(visits(execution, "FlakyStep")[0]).toMatchObject({ status: "SUCCEEDED", retries: 0 });
  });

  it("routes the flaky step to the failure handler once its retries are spent, and fails with the report", async () => {
    const execution = await runSample({ items: ["a"], loopBound: 1, failFirstAttempts: 3 });

    expect(execution.status).toBe("FAILED");
    expect(execution.output).toBeUndefined();
    expect(execution.error?.error).toBe("SampleFlakyStepFailed");
    expect(execution.error?.cause).toContain("SampleTransientError: Attempt 3 fails on purpose");
    expect(execution.steps.slice(-3).map((s) => [s.name, s.status, s.retries])).toEqual([
      ["FlakyStep", "CAUGHT", 2],
      ["HandleFailure", "SUCCEEDED", 0],
      ["RunFailed", "FAILED", 0],
    ]);
  });

  it("fails at the first state on invalid input, with the Lambda error as Step Functions reports it", async () => {
    const execution = await runSample({ items: [], loopBound: 99 });

    expect(execution.status).toBe("FAILED");
    expect(execution.error?.error).toBe("ValidationError");
    expect(JSON.parse(execution.error?.cause ?? "{}")).toMatchObject({
      errorType: "ValidationError",
      errorMessage: "Invalid sample run input: items, loopBound",
    });
    expect(execution.steps.map((s) => [s.name, s.status])).toEqual([["PrepareRun", "FAILED"]]);
  });

  it("refuses unknown workflows and unknown executions", async () => {
    await expect(runner.start("no-such-workflow", {})).rejects.toBeInstanceOf(ConfigError);
    await expect(
      runner.describe("arn:aws:states:local:000000000000:execution:sample:nope"),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("is the process's workflow port once the local stack installs it", () => {
    installLocalWorkflowPort(runner);
    try {
      expect(processWorkflowPort()).toBe(runner);
    } finally {
      installLocalWorkflowPort(undefined);
    }
  });
});

describe("the local runner's execution lifecycle", () => {
  /** A runner whose SampleProcessItem waits for `release()`, so a test can look at a running execution. */
  const gatedRunner = async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((open) => {
      release = open;
    });
    let active = 0;
    let mostActive = 0;
    const gated = await createLocalWorkflowRunner({
      ...fixture,
      retryIntervalMs: 0,
      loadHandler: async (fn, rootDir): Promise<LambdaHandler> => {
        const real = await loadLambdaHandler(fn, rootDir);
        if (fn.id !== "SampleProcessItem") return real;
        return async (event, context) => {
          active += 1;
          mostActive = Math.max(mostActive, active);
          await gate;
          await new Promise((done) => setTimeout(done, 5));
          active -= 1;
          return real(event, context);
        };
      },
    });
    return { gated, release, mostActive: () => mostActive };
  };

  let stopAfter: LocalWorkflowRunner | undefined;
  afterEach(async () => {
    await stopAfter?.stop();
    stopAfter = undefined;
  });

  it("describes a running execution with its open step, then its end", async () => {
    const { gated, release } = await gatedRunner();
    stopAfter = gated;
    const { executionId } = await gated.start("sample", { items: ["a", "b"], loopBound: 1 });
    await waitUntil(
      "a ProcessItem step to start",
      async () => visits(await gated.describe(executionId), "ProcessItem").length > 0,
    );

    const running = await gated.describe(executionId);
    expect(running.status).toBe("RUNNING");
    expect(running.stoppedAt).toBeUndefined();
    expect(visits(running, "ProcessItems")).toEqual([expect.objectContaining({ status: "RUNNING" })]);

    release();
    expect((await gated.waitForExecution(executionId)).status).toBe("SUCCEEDED");
  });

  it("runs no more Map iterations at once than MaxConcurrency allows", async () => {
    const { gated, release, mostActive } = await gatedRunner();
    stopAfter = gated;
    const { executionId } = await gated.start("sample", { items: ["a", "b", "c", "d", "e"], loopBound: 0 });
    await waitUntil("two Map iterations to run at once", () => mostActive() >= 2);
    // The runner has recorded both running iterations: the Map has handed out what it will before a
    // release (a Map without the limit starts every iteration in that same turn, so mostActive says 5).
    await waitUntil(
      "the runner to record two running ProcessItem steps",
      async () =>
        visits(await gated.describe(executionId), "ProcessItem").filter((v) => v.status === "RUNNING")
          .length >= 2,
    );
    release();

    const execution = await gated.waitForExecution(executionId);

    expect(execution.status).toBe("SUCCEEDED");
    expect(mostActive()).toBe(2);
  });

  it("treats a repeated name like Step Functions: same input while running is the same execution", async () => {
    const { gated, release } = await gatedRunner();
    stopAfter = gated;
    const input = { items: ["a"], loopBound: 0 };

    const first = await gated.start("sample", input, { executionName: "nightly-1" });
    const again = await gated.start("sample", input, { executionName: "nightly-1" });
    expect(again).toEqual(first);
    await expect(
      gated.start("sample", { ...input, loopBound: 1 }, { executionName: "nightly-1" }),
    ).rejects.toBeInstanceOf(ConflictError);

    release();
    await gated.waitForExecution(first.executionId);
    await expect(gated.start("sample", input, { executionName: "nightly-1" })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it("aborts running executions on stop and refuses new ones", async () => {
    const { gated } = await gatedRunner();
    const { executionId } = await gated.start("sample", { items: ["a"], loopBound: 0 });
    await waitUntil(
      "a ProcessItem step to start",
      async () => visits(await gated.describe(executionId), "ProcessItem").length > 0,
    );

    await gated.stop();

    const execution = await gated.describe(executionId);
    expect(execution.status).toBe("ABORTED");
    expect(execution.steps.every((s) => s.status !== "RUNNING")).toBe(true);
    await expect(gated.start("sample", {})).rejects.toBeInstanceOf(DependencyUnavailableError);
  });
});

describe("the local runner's memory", () => {
  it("forgets the oldest ended executions beyond its retention limit", async () => {
    const small = await createLocalWorkflowRunner({ ...fixture, maxRetainedExecutions: 2 });
    onTestFinished(() => small.stop());
    const ids: string[] = [];
    for (const item of ["a", "b", "c"]) {
      const { executionId } = await small.start("sample", { items: [item], loopBound: 0 });
      await small.waitForExecution(executionId);
      ids.push(executionId);
    }

    await expect(small.describe(ids[0] ?? "")).rejects.toBeInstanceOf(NotFoundError);
    expect((await small.describe(ids[1] ?? "")).status).toBe("SUCCEEDED");
    expect((await small.describe(ids[2] ?? "")).status).toBe("SUCCEEDED");
  });
});

describe("schedules on the local stack", () => {
  it("fires a schedule through the runner with the schedule's input", async () => {
    const schedules = createScheduleRunner({
      workflows: runner,
      knownWorkflows: runner.workflowNames,
      schedules: sampleArea.schedules,
    });
    const definition = sampleArea.schedules.find((s) => s.name === "sample-daily");

    const { executionId } = await schedules.fireNow("sample-daily");
    const execution = await runner.waitForExecution(executionId);

    expect(execution.workflowName).toBe("sample");
    expect(execution.input).toEqual(definition?.target.input);
    expect(execution.status).toBe("SUCCEEDED");
  });
});
