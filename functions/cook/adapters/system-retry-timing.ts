import type { RetryTiming } from "../domain/ports/retry-timing";

export const systemRetryTiming: RetryTiming = {
  random: Math.random,
  sleep: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
};
