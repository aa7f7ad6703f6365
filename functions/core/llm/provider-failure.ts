import type { z } from "zod";
import type { LarderError } from "../errors";
import { toFieldIssues } from "../validation";
import { isSpendLimitBody } from "./attempt-counting-fetch";
import { LlmRateLimited, LlmUnavailable } from "./llm-errors";

/** A failed SDK call, described without the SDK's classes so the mapping is one tested function. */
export type ProviderFailure =
  | {
      kind: "status";
      status: number;
      /** The provider's own message (`error.message` of the body), or the SDK's. */
      message: string;
      /** `error.type` / `error.code` of the body, when present. */
      errorType: string | undefined;
      retryAfterSeconds: number | undefined;
    }
  | { kind: "timeout" }
  | { kind: "aborted" }
  | { kind: "connection"; message: string }
  /** A 2xx whose body is not the API's answer (not JSON, or the wrong shape): a proxy, a gateway page. */
  | { kind: "bad_response"; message: string }
  /** Anything else the SDK threw (no HTTP status): still the provider call failing, never a crash. */
  | { kind: "unexpected"; message: string };

const oneLine = (text: string, max = 300): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * Turns a provider failure into the error callers see. 429 is `LlmRateLimited` unless it is a spend or
 * quota limit (then `llm_spend_limit`: retrying later in the same minute will not help, so it must not
 * look like a rate limit). Anthropic reports spend limits as 400s; those get the same code.
 */
export const toLlmError = (provider: string, failure: ProviderFailure): LarderError => {
  switch (failure.kind) {
    case "timeout":
      return new LlmUnavailable(`The ${provider} provider did not answer in time`, { code: "llm_timeout" });
    case "aborted":
      return new LlmUnavailable(`The ${provider} call was aborted`, { code: "llm_aborted" });
    case "connection":
      return new LlmUnavailable(`Cannot reach the ${provider} provider: ${oneLine(failure.message)}`, {
        code: "llm_connection",
      });
    case "bad_response":
      return new LlmUnavailable(
        `The ${provider} provider answered something unreadable: ${oneLine(failure.message)}`,
        {
          code: "llm_bad_response",
        },
      );
    case "unexpected":
      return new LlmUnavailable(`The ${provider} call failed: ${oneLine(failure.message)}`, {
        code: "llm_provider_error",
      });
    case "status":
      return fromStatus(provider, failure);
  }
};

const fromStatus = (provider: string, failure: Extract<ProviderFailure, { kind: "status" }>): LarderError => {
  const { status } = failure;
  const said = oneLine(failure.message);
  const details = { provider, status, errorType: failure.errorType };
  const spendLimit = isSpendLimitBody(`${failure.errorType ?? ""} ${failure.message}`);
  if ((status === 429 || status === 400 || status === 402) && spendLimit) {
    return new LlmUnavailable(
      `The ${provider} account is over its spend limit or quota (${status}): ${said}`,
      {
        code: "llm_spend_limit",
        details,
      },
    );
  }
  if (status === 429) {
    return new LlmRateLimited(`The ${provider} provider is rate limiting us (429): ${said}`, {
      details,
      ...(failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds }),
    });
  }
  if (status === 401 || status === 403) {
    return new LlmUnavailable(
      `The ${provider} provider refused our credentials (${status}): ${said}. Check the API key or IAM role`,
      { code: "llm_auth", details },
    );
  }
  if (status === 404) {
    return new LlmUnavailable(`The ${provider} provider does not know this model or route (404): ${said}`, {
      code: "llm_model_not_found",
      details,
    });
  }
  if (status >= 500) {
    return new LlmUnavailable(`The ${provider} provider failed (${status}): ${said}`, {
      code: "llm_provider_error",
      details,
    });
  }
  return new LlmUnavailable(`The ${provider} provider rejected the request (${status}): ${said}`, {
    code: "llm_request_rejected",
    details,
  });
};

/**
 * The SDKs' connection error says only "Connection error."; the reason (`getaddrinfo ENOTFOUND host`,
 * `connect ECONNREFUSED 127.0.0.1:11434`) is at the end of its `cause` chain, and it is what a user needs
 * to fix a base URL or a proxy.
 */
export const connectionFailureMessage = (error: Error): string => {
  let root: unknown = error;
  for (let depth = 0; depth < 10 && root instanceof Error && root.cause instanceof Error; depth += 1) {
    root = root.cause;
  }
  const reason = root instanceof Error && root !== error ? root.message.trim() : "";
  return reason && !error.message.includes(reason) ? `${error.message} (${reason})` : error.message;
};

/** An error the SDK threw without an HTTP status: a body that was not JSON, or anything else. */
export const describeNonApiFailure = (error: unknown): ProviderFailure => {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof SyntaxError ? { kind: "bad_response", message } : { kind: "unexpected", message };
};

/**
 * Checks a 2xx body against the few fields a driver reads. The SDKs hand back whatever JSON (or text) came,
 * and an OpenAI-compatible server or a gateway can answer 200 with an error object or an HTML page.
 */
export const readResponseShape = <S extends z.ZodType>(
  provider: string,
  schema: S,
  body: unknown,
): z.output<S> => {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = toFieldIssues(parsed.error).map((i) => `${i.path}: ${i.message}`);
  throw toLlmError(provider, { kind: "bad_response", message: problems.join("; ") });
};

/** `retry-after` in seconds (a number or an HTTP date), as the provider sent it. */
export const retryAfterSeconds = (headers: Headers | undefined): number | undefined => {
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
};
