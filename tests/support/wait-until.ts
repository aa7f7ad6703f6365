import { scaledTimeout } from "./test-timeouts";

/**
 * Polls `condition` until it holds, for state that sends no event (a process gone, a port closed): fails
 * with `what` after `timeoutMs` (scaled by TEST_TIMEOUT_SCALE). Prefer waiting on an event where there is one.
 */
export const waitUntil = async (
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> => {
  const bound = scaledTimeout(timeoutMs);
  const deadline = Date.now() + bound;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`Waited ${bound} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
