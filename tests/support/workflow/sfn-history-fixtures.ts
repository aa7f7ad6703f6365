import type { HistoryEvent, HistoryEventType } from "@aws-sdk/client-sfn";

/** Event `id` happens `id` seconds after this instant, so tests can tell which event closed a step. */
export const historyStart = Date.parse("2026-02-01T12:00:00Z");
export const timeOfEvent = (id: number): string => new Date(historyStart + id * 1000).toISOString();

type Details = Omit<HistoryEvent, "id" | "type" | "timestamp" | "previousEventId">;

/** Builds a history from `[type, previousEventId, details?]` rows numbered from 1, as AWS numbers them. */
export const history = (rows: ReadonlyArray<readonly [HistoryEventType, number, Details?]>): HistoryEvent[] =>
  rows.map(([type, previousEventId, details], index) => ({
    id: index + 1,
    type,
    previousEventId,
    timestamp: new Date(historyStart + (index + 1) * 1000),
    ...details,
  }));

const entered = (name: string): Details => ({ stateEnteredEventDetails: { name } });
const exited = (name: string): Details => ({ stateExitedEventDetails: { name } });
const iteration = (name: string, index: number) => ({ name, index });
const lambdaFailed = (error: string, cause: string): Details => ({
  lambdaFunctionFailedEventDetails: { error, cause },
});

/**
 * The sample workflow failing on AWS: two Map iterations that interleave and finish out of order, a
 * flaky Task retried once and then caught, the failure handler, and the Fail state. Event links follow
 * AWS: a state's first event points at the previous state's exit, Map iterations at MapStateStarted,
 * MapStateExited at the last iteration's end.
 */
export const caughtFailureHistory = history([
  ["ExecutionStarted", 0], // 1
  ["TaskStateEntered", 0, entered("PrepareRun")], // 2
  ["LambdaFunctionScheduled", 2], // 3
  ["LambdaFunctionStarted", 3], // 4
  ["LambdaFunctionSucceeded", 4], // 5
  ["TaskStateExited", 5, exited("PrepareRun")], // 6
  ["MapStateEntered", 6, entered("ProcessItems")], // 7
  ["MapStateStarted", 7], // 8
  ["MapIterationStarted", 8, { mapIterationStartedEventDetails: iteration("ProcessItems", 0) }], // 9
  ["MapIterationStarted", 8, { mapIterationStartedEventDetails: iteration("ProcessItems", 1) }], // 10
  ["TaskStateEntered", 9, entered("ProcessItem")], // 11
  ["TaskStateEntered", 10, entered("ProcessItem")], // 12
  ["LambdaFunctionScheduled", 11], // 13
  ["LambdaFunctionScheduled", 12], // 14
  ["LambdaFunctionStarted", 14], // 15
  ["LambdaFunctionStarted", 13], // 16
  ["LambdaFunctionSucceeded", 15], // 17
  ["TaskStateExited", 17, exited("ProcessItem")], // 18: iteration 1 ends first
  ["MapIterationSucceeded", 18, { mapIterationSucceededEventDetails: iteration("ProcessItems", 1) }], // 19
  ["LambdaFunctionSucceeded", 16], // 20
  ["TaskStateExited", 20, exited("ProcessItem")], // 21
  ["MapIterationSucceeded", 21, { mapIterationSucceededEventDetails: iteration("ProcessItems", 0) }], // 22
  ["MapStateSucceeded", 22], // 23
  ["MapStateExited", 22, exited("ProcessItems")], // 24
  ["TaskStateEntered", 24, entered("FlakyStep")], // 25
  ["LambdaFunctionScheduled", 25], // 26
  ["LambdaFunctionStarted", 26], // 27
  ["LambdaFunctionFailed", 27, lambdaFailed("SampleTransientError", "attempt 1")], // 28
  ["LambdaFunctionScheduled", 28], // 29
  ["LambdaFunctionStarted", 29], // 30
  ["LambdaFunctionFailed", 30, lambdaFailed("SampleTransientError", "attempt 2")], // 31
  ["TaskStateExited", 31, exited("FlakyStep")], // 32
  ["TaskStateEntered", 32, entered("HandleFailure")], // 33
  ["LambdaFunctionScheduled", 33], // 34
  ["LambdaFunctionStarted", 34], // 35
  ["LambdaFunctionSucceeded", 35], // 36
  ["TaskStateExited", 36, exited("HandleFailure")], // 37
  ["FailStateEntered", 37, entered("RunFailed")], // 38
  [
    "ExecutionFailed",
    38,
    { executionFailedEventDetails: { error: "SampleFlakyStepFailed", cause: "gave up" } },
  ], // 39
]);

/** A Task that fails once, is retried and succeeds. */
export const retriedSuccessHistory = history([
  ["ExecutionStarted", 0], // 1
  ["TaskStateEntered", 0, entered("FlakyStep")], // 2
  ["LambdaFunctionScheduled", 2], // 3
  ["LambdaFunctionStarted", 3], // 4
  ["LambdaFunctionFailed", 4, lambdaFailed("SampleTransientError", "attempt 1")], // 5
  ["LambdaFunctionScheduled", 5], // 6
  ["LambdaFunctionStarted", 6], // 7
  ["LambdaFunctionSucceeded", 7], // 8
  ["TaskStateExited", 8, exited("FlakyStep")], // 9
  ["SucceedStateEntered", 9, entered("Done")], // 10
  ["SucceedStateExited", 10, exited("Done")], // 11
  ["ExecutionSucceeded", 11], // 12
]);

/** A Map whose only iteration fails with nothing to catch it: the Map and its Task both fail. */
export const uncaughtMapFailureHistory = history([
  ["ExecutionStarted", 0], // 1
  ["MapStateEntered", 0, entered("FanOut")], // 2
  ["MapStateStarted", 2], // 3
  ["MapIterationStarted", 3, { mapIterationStartedEventDetails: iteration("FanOut", 0) }], // 4
  ["TaskStateEntered", 4, entered("Work")], // 5
  ["LambdaFunctionScheduled", 5], // 6
  ["LambdaFunctionStarted", 6], // 7
  ["LambdaFunctionFailed", 7, lambdaFailed("Boom", "it broke")], // 8
  ["MapIterationFailed", 8, { mapIterationFailedEventDetails: iteration("FanOut", 0) }], // 9
  ["MapStateFailed", 9], // 10
  ["ExecutionFailed", 10, { executionFailedEventDetails: { error: "Boom", cause: "it broke" } }], // 11
]);

/** An execution still in its first Task. */
export const runningHistory = history([
  ["ExecutionStarted", 0], // 1
  ["TaskStateEntered", 0, entered("PrepareRun")], // 2
  ["LambdaFunctionScheduled", 2], // 3
]);

/**
 * A Parallel whose branch runs a nested Parallel (which succeeds) and then a Task that fails: the outer
 * Parallel fails. Its failure event's links pass through the nested Parallel's span.
 */
export const nestedParallelFailureHistory = history([
  ["ExecutionStarted", 0], // 1
  ["ParallelStateEntered", 0, entered("Outer")], // 2
  ["ParallelStateStarted", 2], // 3
  ["ParallelStateEntered", 3, entered("Inner")], // 4
  ["ParallelStateStarted", 4], // 5
  ["PassStateEntered", 5, entered("Leaf")], // 6
  ["PassStateExited", 6, exited("Leaf")], // 7
  ["ParallelStateSucceeded", 7], // 8
  ["ParallelStateExited", 7, exited("Inner")], // 9
  ["TaskStateEntered", 9, entered("Boom")], // 10
  ["LambdaFunctionScheduled", 10], // 11
  ["LambdaFunctionStarted", 11], // 12
  ["LambdaFunctionFailed", 12, lambdaFailed("Boom", "it broke")], // 13
  ["ParallelStateFailed", 13], // 14
  ["ExecutionFailed", 14, { executionFailedEventDetails: { error: "Boom", cause: "it broke" } }], // 15
]);
