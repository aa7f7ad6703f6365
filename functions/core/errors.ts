/**
 * One error hierarchy for the whole system. Every error a caller may see carries a category;
 * `functions/core/http/error-response.ts` is the only place that turns a category into an HTTP status.
 */
export type ErrorCategory =
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unprocessable"
  | "rate_limited"
  | "unavailable"
  | "config"
  | "internal";

export interface LarderErrorOptions {
  /** Stable machine-readable code, snake_case (e.g. `patch_invalid`). Defaults to the category. */
  code?: string;
  /** Safe-to-show structured details (field names, validator reasons). Never internals. */
  details?: unknown;
  /** What the caller does about it, in words a person acts on ("Connect the account again: PUT …"). */
  fix?: string;
  cause?: unknown;
}

export class LarderError extends Error {
  // Each class names itself in a literal: bundles are minified without esbuild's keepNames (37 KB a
  // Lambda), so a class's own name is not kept. The name is a contract (logs, Step Functions' errorType).
  override name = "LarderError";
  readonly category: ErrorCategory;
  readonly code: string;
  readonly details: unknown;
  readonly fix: string | undefined;

  constructor(category: ErrorCategory, message: string, options: LarderErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.category = category;
    this.code = options.code ?? category;
    this.details = options.details;
    this.fix = options.fix;
  }
}

/** One failing field of a request or of untrusted data. `path` is dotted (`planned_meals.0.date`). */
export interface FieldIssue {
  path: string;
  message: string;
}

export class ValidationError extends LarderError {
  override name = "ValidationError";
  readonly issues: FieldIssue[];
  constructor(message: string, issues: FieldIssue[] = [], options: Omit<LarderErrorOptions, "details"> = {}) {
    super("validation", message, { ...options, details: { issues } });
    this.issues = issues;
  }
}

export class UnauthorizedError extends LarderError {
  override name = "UnauthorizedError";
  constructor(message = "Missing or invalid credentials", options: LarderErrorOptions = {}) {
    super("unauthorized", message, options);
  }
}

export class ForbiddenError extends LarderError {
  override name = "ForbiddenError";
  constructor(message = "Not allowed", options: LarderErrorOptions = {}) {
    super("forbidden", message, options);
  }
}

export class NotFoundError extends LarderError {
  override name = "NotFoundError";
  constructor(message: string, options: LarderErrorOptions = {}) {
    super("not_found", message, options);
  }
}

/** A write lost a race (stale version, item already exists, cancelled transaction). */
export class ConflictError extends LarderError {
  override name = "ConflictError";
  constructor(message: string, options: LarderErrorOptions = {}) {
    super("conflict", message, options);
  }
}

export class PayloadTooLargeError extends LarderError {
  override name = "PayloadTooLargeError";
  constructor(message: string, options: LarderErrorOptions = {}) {
    super("payload_too_large", message, options);
  }
}

/** A well-formed request the domain refuses (HTTP 422). */
export class DomainRefusedError extends LarderError {
  override name = "DomainRefusedError";
  constructor(message: string, options: LarderErrorOptions = {}) {
    super("unprocessable", message, options);
  }
}

export class RateLimitedError extends LarderError {
  override name = "RateLimitedError";
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, options: LarderErrorOptions & { retryAfterSeconds?: number } = {}) {
    super("rate_limited", message, options);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A dependency (model provider, store, table) cannot serve us now (HTTP 503). */
export class DependencyUnavailableError extends LarderError {
  override name = "DependencyUnavailableError";
  constructor(message: string, options: LarderErrorOptions = {}) {
    super("unavailable", message, options);
  }
}

/** Configuration is missing or malformed; raised at start, names the variables. */
export class ConfigError extends LarderError {
  override name = "ConfigError";
  constructor(message: string, options: LarderErrorOptions = {}) {
    super("config", message, options);
  }
}

export const isLarderError = (error: unknown): error is LarderError => error instanceof LarderError;
