import { describe, expect, it } from "vitest";
import {
  countingAttempts,
  createAttemptCountingFetch,
} from "../../../../functions/core/llm/attempt-counting-fetch";

const answering =
  (status: number, body = "{}"): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { "content-type": "application/json" } });

describe("createAttemptCountingFetch", () => {
  it("counts the attempts of concurrent calls separately", async () => {
    const countedFetch = createAttemptCountingFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new Response("{}");
    });
    const first = { attempts: 0 };
    const second = { attempts: 0 };
    await Promise.all([
      countingAttempts(first, async () => {
        await countedFetch("http://127.0.0.1/a");
        await countedFetch("http://127.0.0.1/a");
        await countedFetch("http://127.0.0.1/a");
      }),
      countingAttempts(second, async () => {
        await countedFetch("http://127.0.0.1/b");
      }),
    ]);
    expect(first.attempts).toBe(3);
    expect(second.attempts).toBe(1);
  });

  it("marks a spend-limit 429 as not retryable and keeps its body", async () => {
    const body = JSON.stringify({
      error: { type: "insufficient_quota", message: "You exceeded your current quota" },
    });
    const response = await createAttemptCountingFetch(answering(429, body))("http://127.0.0.1/");

    expect(response.headers.get("x-should-retry")).toBe("false");
    expect(await response.text()).toBe(body);
  });

  it("leaves an ordinary 429 retryable", async () => {
    const body = JSON.stringify({ error: { type: "rate_limit_error", message: "Rate limited" } });
    const response = await createAttemptCountingFetch(answering(429, body))("http://127.0.0.1/");

    expect(response.headers.get("x-should-retry")).toBeNull();
    expect(response.status).toBe(429);
  });
});
