/**
 * Starting and inspecting workflow executions, as the rest of the code sees it. Two adapters implement
 * it: `sfn-workflow-adapter.ts` (AWS Step Functions) and the local runner (`dev/workflow-runner.ts`), so
 * domain code and handlers never know which one runs them. Timestamps are ISO 8601 strings, ready for
 * JSON responses.
 */

export type ExecutionStatus = "RUNNING" | "SUCCEEDED" | "FAILED" | "TIMED_OUT" | "ABORTED";

/**
 * What became of one visit of one state:
 * - RUNNING: entered, not left yet;
 * - SUCCEEDED: left normally (possibly after retries);
 * - CAUGHT: its last attempt failed and a Catch moved the execution on;
 * - FAILED: failed with nothing to catch it (the execution failed here);
 * - ABORTED: cut short without failing itself (a sibling Map iteration or Parallel branch failed, the
 *   execution timed out or was stopped).
 */
export type StepStatus = "RUNNING" | "SUCCEEDED" | "CAUGHT" | "FAILED" | "ABORTED";

/** An error as Step Functions reports it: `error` is the name matched by Retry/Catch `ErrorEquals`. */
export interface WorkflowError {
  error: string;
  cause: string;
}

export interface WorkflowStep {
  /** State name in the ASL. States inside a Map run once per item, so a name can appear many times. */
  name: string;
  /** ASL state type: Task, Map, Parallel, Choice, Pass, Wait, Succeed, Fail. */
  type: string;
  enteredAt: string;
  /** Absent while running and for steps that failed or were aborted (they never exited). */
  exitedAt?: string;
  status: StepStatus;
  /** How many times a Retry ran the state again. */
  retries: number;
  /** The last error the state raised, also when a Retry or Catch handled it. */
  error?: WorkflowError;
}

export interface WorkflowExecution {
  /** Opaque id: the execution ARN on AWS, a local ARN of the same shape in the local stack. */
  executionId: string;
  workflowName: string;
  status: ExecutionStatus;
  input: unknown;
  /** Present when the execution SUCCEEDED. */
  output?: unknown;
  /** Present when the execution FAILED, TIMED_OUT or was ABORTED with a reason. */
  error?: WorkflowError;
  startedAt: string;
  stoppedAt?: string;
  /** The states visited, in the order they were entered. */
  steps: WorkflowStep[];
}

export interface StartedExecution {
  executionId: string;
  startedAt: string;
}

export interface StartExecutionOptions {
  /**
   * Idempotency key: a second start with the same name and input while the first runs returns the first;
   * with another input, or once the first has ended, it is a ConflictError (as in Step Functions).
   * 1-80 characters of letters, digits, `-` and `_`. A random id when absent.
   */
  executionName?: string;
}

export interface WorkflowPort {
  /** Starts the named workflow (WorkflowDefinition.name) with a JSON input; returns once it is running. */
  start(workflowName: string, input: unknown, options?: StartExecutionOptions): Promise<StartedExecution>;
  /** Status, output or error, and the steps taken so far. NotFoundError for an unknown id. */
  describe(executionId: string): Promise<WorkflowExecution>;
  /**
   * Resumes a Task paused on `.waitForTaskToken` with its output (JSON). A token that no Task waits on
   * any more (already answered, timed out, its execution ended) is a ConflictError `task_not_waiting`.
   */
  sendTaskSuccess(taskToken: string, output: unknown): Promise<void>;
  /** Fails a paused Task with an error name (matched by Retry/Catch) and a cause. */
  sendTaskFailure(taskToken: string, error: string, cause: string): Promise<void>;
}
