import { describe, expect, it } from "vitest";
import { LlmRateLimited, LlmUnavailable } from "../../../../functions/core/llm/llm-errors";
import {
  connectionFailureMessage,
  describeNonApiFailure,
  type ProviderFailure,
  retryAfterSeconds,
  toLlmError,
} from "../../../../functions/core/llm/provider-failure";

const status = (code: number, message: string, errorType?: string, retryAfter?: number): ProviderFailure => ({
  kind: "status",
  status: code,
  message,
  errorType,
  retryAfterSeconds: retryAfter,
});

describe("toLlmError", () => {
  it("makes an ordinary 429 a rate limit carrying retry-after", () => {
    const error = toLlmError(
      "anthropic",
      status(429, "This request would exceed your rate limit", "rate_limit_error", 12),
    );
    expect(error).toBeInstanceOf(LlmRateLimited);
    expect(error).toMatchObject({
      category: "rate_limited",
      code: "llm_rate_limited",
      retryAfterSeconds: 12,
    });
  });

  it.each([
    [
      "OpenAI quota 429",
      status(
        429,
        "You exceeded your current quota, please check your plan and billing details.",
        "insufficient_quota",
      ),
    ],
    [
      "Anthropic workspace limit 400",
      status(400, "You have reached your specified API usage limits. You will regain access on 2026-12-01."),
    ],
    [
      "Anthropic credit balance 400",
      status(400, "Your credit balance is too low to access the Anthropic API."),
    ],
  ])("makes a spend limit (%s) unavailable, not a rate limit", (_name, failure) => {
    const error = toLlmError("provider", failure);
    expect(error).toBeInstanceOf(LlmUnavailable);
    expect(error.code).toBe("llm_spend_limit");
  });

  it.each([
    [401, "llm_auth"],
    [403, "llm_auth"],
    [404, "llm_model_not_found"],
    [400, "llm_request_rejected"],
    [413, "llm_request_rejected"],
    [500, "llm_provider_error"],
    [529, "llm_provider_error"],
  ])("maps status %i to %s in the unavailable category", (code, expected) => {
    const error = toLlmError("openai", status(code, "something"));
    expect(error).toMatchObject({ category: "unavailable", code: expected });
  });

  it("keeps the provider's message on one line", () => {
    const error = toLlmError("openai", status(401, "Incorrect API key provided:\n  sk-***abc."));
    expect(error.message).toBe(
      "The openai provider refused our credentials (401): Incorrect API key provided: sk-***abc.. Check the API key or IAM role",
    );
  });

  it("maps timeouts, aborts and connection failures to their codes", () => {
    expect(toLlmError("x", { kind: "timeout" }).code).toBe("llm_timeout");
    expect(toLlmError("x", { kind: "aborted" }).code).toBe("llm_aborted");
    expect(toLlmError("x", { kind: "connection", message: "ECONNREFUSED" })).toMatchObject({
      code: "llm_connection",
      message: "Cannot reach the x provider: ECONNREFUSED",
    });
  });
});

describe("retryAfterSeconds", () => {
  it("reads seconds and HTTP dates, and nothing when absent", () => {
    expect(retryAfterSeconds(new Headers({ "retry-after": "7" }))).toBe(7);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterSeconds(new Headers({ "retry-after": inTenSeconds }))).toBeGreaterThanOrEqual(9);
    expect(retryAfterSeconds(new Headers())).toBeUndefined();
  });
});

describe("connectionFailureMessage", () => {
  it("adds the innermost cause, where the SDK's 'Connection error.' hides the reason", () => {
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:11434");
    const error = new Error("Connection error.", {
      cause: new TypeError("fetch failed", { cause: refused }),
    });
    expect(connectionFailureMessage(error)).toBe("Connection error. (connect ECONNREFUSED 127.0.0.1:11434)");
  });

  it("keeps the message alone when there is no cause", () => {
    expect(connectionFailureMessage(new Error("Connection error."))).toBe("Connection error.");
  });
});

describe("describeNonApiFailure", () => {
  it("calls an unparsable body a bad response and anything else a provider error, both LlmUnavailable", () => {
    expect(toLlmError("openai", describeNonApiFailure(new SyntaxError("Unexpected token <")))).toMatchObject({
      code: "llm_bad_response",
      category: "unavailable",
    });
    const other = toLlmError(
      "anthropic",
      describeNonApiFailure(new Error("Could not resolve authentication")),
    );
    expect(other).toBeInstanceOf(LlmUnavailable);
    expect(other).toMatchObject({
      code: "llm_provider_error",
      message: "The anthropic call failed: Could not resolve authentication",
    });
  });
});
