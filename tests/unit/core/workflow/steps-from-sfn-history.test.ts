import { describe, expect, it } from "vitest";
import { stepsFromSfnHistory } from "../../../../functions/core/workflow/steps-from-sfn-history";
import {
  caughtFailureHistory,
  nestedParallelFailureHistory,
  retriedSuccessHistory,
  runningHistory,
  timeOfEvent,
  uncaughtMapFailureHistory,
} from "../../../support/workflow/sfn-history-fixtures";

describe("steps from a Step Functions execution history", () => {
  it("lists every state visit in entry order, Map iterations included", () => {
    const steps = stepsFromSfnHistory(caughtFailureHistory);
    expect(steps.map((s) => [s.name, s.type])).toEqual([
      ["PrepareRun", "Task"],
      ["ProcessItems", "Map"],
      ["ProcessItem", "Task"],
      ["ProcessItem", "Task"],
      ["FlakyStep", "Task"],
      ["HandleFailure", "Task"],
      ["RunFailed", "Fail"],
    ]);
  });

  it("pairs each exit with its own entry when Map iterations interleave", () => {
    const [, map, first, second] = stepsFromSfnHistory(caughtFailureHistory);
    expect(map).toMatchObject({ enteredAt: timeOfEvent(7), exitedAt: timeOfEvent(24), status: "SUCCEEDED" });
    expect(first).toMatchObject({
      enteredAt: timeOfEvent(11),
      exitedAt: timeOfEvent(21),
      status: "SUCCEEDED",
    });
    expect(second).toMatchObject({
      enteredAt: timeOfEvent(12),
      exitedAt: timeOfEvent(18),
      status: "SUCCEEDED",
    });
  });

  it("marks a Task whose last attempt failed before it exited as CAUGHT, counting its retries", () => {
    const flaky = stepsFromSfnHistory(caughtFailureHistory).find((s) => s.name === "FlakyStep");
    expect(flaky).toEqual({
      name: "FlakyStep",
      type: "Task",
      enteredAt: timeOfEvent(25),
      exitedAt: timeOfEvent(32),
      status: "CAUGHT",
      retries: 1,
      error: { error: "SampleTransientError", cause: "attempt 2" },
    });
  });

  it("gives the Fail state the execution's error", () => {
    const fail = stepsFromSfnHistory(caughtFailureHistory).at(-1);
    expect(fail).toEqual({
      name: "RunFailed",
      type: "Fail",
      enteredAt: timeOfEvent(38),
      status: "FAILED",
      retries: 0,
      error: { error: "SampleFlakyStepFailed", cause: "gave up" },
    });
  });

  it("marks a Task that succeeded on a retry as SUCCEEDED and keeps the error it recovered from", () => {
    const [flaky, done] = stepsFromSfnHistory(retriedSuccessHistory);
    expect(flaky).toMatchObject({
      status: "SUCCEEDED",
      retries: 1,
      exitedAt: timeOfEvent(9),
      error: { error: "SampleTransientError", cause: "attempt 1" },
    });
    expect(done).toMatchObject({ name: "Done", type: "Succeed", status: "SUCCEEDED" });
  });

  it("fails both the Map and the Task when an iteration's error is not caught", () => {
    const steps = stepsFromSfnHistory(uncaughtMapFailureHistory);
    expect(steps).toEqual([
      {
        name: "FanOut",
        type: "Map",
        enteredAt: timeOfEvent(2),
        status: "FAILED",
        retries: 0,
        error: { error: "Boom", cause: "it broke" },
      },
      {
        name: "Work",
        type: "Task",
        enteredAt: timeOfEvent(5),
        status: "FAILED",
        retries: 0,
        error: { error: "Boom", cause: "it broke" },
      },
    ]);
  });

  it("attributes a Parallel's failure to that Parallel, not to a nested one that already finished", () => {
    expect(
      stepsFromSfnHistory(nestedParallelFailureHistory).map((s) => [s.name, s.status, s.error?.error]),
    ).toEqual([
      ["Outer", "FAILED", "Boom"],
      ["Inner", "SUCCEEDED", undefined],
      ["Leaf", "SUCCEEDED", undefined],
      ["Boom", "FAILED", "Boom"],
    ]);
  });

  it("leaves the current state RUNNING while the execution runs", () => {
    expect(stepsFromSfnHistory(runningHistory)).toEqual([
      { name: "PrepareRun", type: "Task", enteredAt: timeOfEvent(2), status: "RUNNING", retries: 0 },
    ]);
  });

  it("does not depend on the order the events arrive in", () => {
    const shuffled = [...caughtFailureHistory].reverse();
    expect(stepsFromSfnHistory(shuffled)).toEqual(stepsFromSfnHistory(caughtFailureHistory));
  });
});
