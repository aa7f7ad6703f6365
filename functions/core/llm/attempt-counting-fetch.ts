import { AsyncLocalStorage } from "node:async_hooks";

/** The HTTP attempts of one port call, the SDK's retries included. */
export interface AttemptCounter {
  attempts: number;
}

const currentCounter = new AsyncLocalStorage<AttemptCounter>();

/**
 * Runs one SDK call so that every HTTP attempt it makes (its retries included) is counted. The SDKs retry
 * inside their own promise chain, which keeps this async context, so concurrent calls sharing one client
 * keep separate counts.
 */
export const countingAttempts = <T>(counter: AttemptCounter, call: () => Promise<T>): Promise<T> =>
  currentCounter.run(counter, call);

/** Text in a 429 body that means money, not request rate: waiting a few seconds will not help. */
const SPEND_LIMIT_PATTERN =
  /insufficient_quota|exceeded your current quota|billing|credit balance|spend limit|specified API usage limits|extra usage is required|usage credits are required/i;

/**
 * The `fetch` given to the SDK clients: counts attempts, and marks a spend-limit 429 as not retryable
 * (`x-should-retry: false`, which both SDKs obey), so a request over budget fails at once instead of
 * retrying into the same wall.
 */
export const createAttemptCountingFetch = (baseFetch: typeof fetch = globalThis.fetch): typeof fetch => {
  return async (input, init) => {
    const counter = currentCounter.getStore();
    if (counter) counter.attempts += 1;
    const response = await baseFetch(input, init);
    if (response.status !== 429) return response;
    const body = await response.text();
    const headers = new Headers(response.headers);
    if (isSpendLimitBody(body)) headers.set("x-should-retry", "false");
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
};

/** True when an error body (JSON or text) speaks of quota, billing or credits. */
export const isSpendLimitBody = (body: string): boolean => SPEND_LIMIT_PATTERN.test(body);
