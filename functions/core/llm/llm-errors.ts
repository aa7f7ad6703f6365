import {
  DependencyUnavailableError,
  type FieldIssue,
  LarderError,
  type LarderErrorOptions,
  RateLimitedError,
} from "../errors";
import type { LlmUsage } from "./llm-port";

type LlmErrorOptions = LarderErrorOptions & { usage?: LlmUsage };

/**
 * The model cannot serve us now: no provider configured, credentials refused, a spend limit, a timeout,
 * the provider down after its retries. Codes start with `llm_` (`llm_not_configured`, `llm_auth`,
 * `llm_spend_limit`, `llm_timeout`, `llm_aborted`, `llm_connection`, `llm_provider_error`,
 * `llm_request_rejected`, `llm_model_not_found`, `llm_key_unavailable`, `llm_bad_response`).
 */
export class LlmUnavailable extends DependencyUnavailableError {
  override name = "LlmUnavailable";
  usage: LlmUsage | undefined;
  constructor(message: string, options: LlmErrorOptions = {}) {
    super(message, { ...options, code: options.code ?? "llm_unavailable" });
    this.usage = options.usage;
  }
}

/**
 * The model answered twice with output that fails its schema. Category `unavailable` (503), not
 * `unprocessable` (422): the caller's request was fine and a 422 would tell the client to change it; the
 * dependency failed, and since model output varies, a later retry may succeed, which is what a 503 says.
 * Callers usually catch it and run their heuristic fallback.
 */
export class LlmOutputInvalid extends LarderError {
  override name = "LlmOutputInvalid";
  readonly issues: FieldIssue[];
  usage: LlmUsage | undefined;
  constructor(message: string, issues: FieldIssue[], options: LlmErrorOptions = {}) {
    super("unavailable", message, { ...options, code: "llm_output_invalid", details: { issues } });
    this.issues = issues;
    this.usage = options.usage;
  }
}

/** The provider kept answering 429 (a rate limit, not a spend limit) after the SDK's retries. */
export class LlmRateLimited extends RateLimitedError {
  override name = "LlmRateLimited";
  usage: LlmUsage | undefined;
  constructor(message: string, options: LlmErrorOptions & { retryAfterSeconds?: number } = {}) {
    super(message, { ...options, code: "llm_rate_limited" });
    this.usage = options.usage;
  }
}

export type LlmFailure = LlmUnavailable | LlmOutputInvalid | LlmRateLimited;

/** True for every error the LLM port throws on purpose; callers catch these to run their fallback. */
export const isLlmFailure = (error: unknown): error is LlmFailure =>
  error instanceof LlmUnavailable || error instanceof LlmOutputInvalid || error instanceof LlmRateLimited;
