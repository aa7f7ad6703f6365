import type { StepStatus, WorkflowError, WorkflowStep } from "./workflow-port";

interface TrackedStep {
  name: string;
  type: string;
  enteredAt: Date;
  exitedAt?: Date;
  status: StepStatus;
  retries: number;
  error?: WorkflowError;
  /** Whether the latest attempt failed: an exit after a failed attempt is a Catch, not a success. */
  lastAttemptFailed: boolean;
}

/**
 * Folds the events of one execution into steps, one per state visit. Both adapters feed it (AWS history
 * events, the local runner's event log) so a step's status means the same thing in both. `K` is
 * whatever identifies a visit in the source: an event id on AWS, a counter locally.
 */
export class ExecutionStepTracker<K> {
  private readonly tracked = new Map<K, TrackedStep>();

  enter(key: K, name: string, type: string, at: Date): void {
    this.tracked.set(key, {
      name,
      type,
      enteredAt: at,
      status: "RUNNING",
      retries: 0,
      lastAttemptFailed: false,
    });
  }

  typeOf(key: K): string | undefined {
    return this.tracked.get(key)?.type;
  }

  attemptFailed(key: K, error: WorkflowError): void {
    const step = this.tracked.get(key);
    if (!step) return;
    step.error = error;
    step.lastAttemptFailed = true;
  }

  attemptSucceeded(key: K): void {
    const step = this.tracked.get(key);
    if (step) step.lastAttemptFailed = false;
  }

  /** A Retry runs the state again: the failed attempt no longer decides how the step ends. */
  retried(key: K): void {
    const step = this.tracked.get(key);
    if (!step) return;
    step.retries += 1;
    step.lastAttemptFailed = false;
  }

  exit(key: K, at: Date): void {
    const step = this.tracked.get(key);
    if (step?.status !== "RUNNING") return;
    step.exitedAt = at;
    step.status = step.lastAttemptFailed ? "CAUGHT" : "SUCCEEDED";
  }

  abort(key: K): void {
    const step = this.tracked.get(key);
    if (step?.status === "RUNNING") step.status = "ABORTED";
  }

  /** The execution ended: a step still open failed if its last attempt did, otherwise it was cut short. */
  finish(): void {
    for (const step of this.tracked.values()) {
      if (step.status === "RUNNING") step.status = step.lastAttemptFailed ? "FAILED" : "ABORTED";
    }
  }

  steps(): WorkflowStep[] {
    return [...this.tracked.values()].map((step) => ({
      name: step.name,
      type: step.type,
      enteredAt: step.enteredAt.toISOString(),
      ...(step.exitedAt ? { exitedAt: step.exitedAt.toISOString() } : {}),
      status: step.status,
      retries: step.retries,
      ...(step.error ? { error: step.error } : {}),
    }));
  }
}
