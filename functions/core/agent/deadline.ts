export interface DeadlineGuard {
  /** Aborts at the deadline, or when the caller's signal aborts. */
  signal: AbortSignal;
  /** Resolves when the deadline passes (never, without a deadline). */
  reached: Promise<"deadline">;
  expired(): boolean;
  dispose(): void;
}

export const guardDeadline = (
  deadline: number | undefined,
  clock: () => number,
  parent: AbortSignal | undefined,
): DeadlineGuard => {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reached = new Promise<"deadline">((resolve) => {
    controller.signal.addEventListener("abort", () => resolve("deadline"), { once: true });
  });
  if (deadline !== undefined) {
    timer = setTimeout(() => controller.abort(), Math.max(0, deadline - clock()));
  }
  return {
    signal: parent ? AbortSignal.any([parent, controller.signal]) : controller.signal,
    reached,
    expired: () => deadline !== undefined && (controller.signal.aborted || clock() >= deadline),
    dispose: () => clearTimeout(timer),
  };
};
