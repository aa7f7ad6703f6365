import { describe, expect, it } from "vitest";
import {
  ConfigError,
  ConflictError,
  DependencyUnavailableError,
  DomainRefusedError,
  type ErrorCategory,
  ForbiddenError,
  LarderError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "../../../functions/core/errors";
import { mapErrorToHttp, STATUS_BY_CATEGORY } from "../../../functions/core/http/error-response";
import { parseErrorBody } from "../../support/error-body";

// One error per category a client may see; `satisfies` makes the compiler reject a category left out.
const CLIENT_VISIBLE = {
  validation: {
    error: new ValidationError("Invalid body: name", [{ path: "name", message: "Required" }]),
    status: 400,
  },
  unauthorized: { error: new UnauthorizedError(), status: 401 },
  forbidden: { error: new ForbiddenError("Tenant mismatch", { code: "tenant_mismatch" }), status: 403 },
  not_found: { error: new NotFoundError("No plan p-1", { code: "plan_not_found" }), status: 404 },
  conflict: { error: new ConflictError("The plan changed", { code: "stale_write" }), status: 409 },
  payload_too_large: { error: new PayloadTooLargeError("Too big", { details: { limit: 10 } }), status: 413 },
  unprocessable: { error: new DomainRefusedError("Budget exceeded", { code: "over_budget" }), status: 422 },
  rate_limited: { error: new RateLimitedError("Slow down", { retryAfterSeconds: 7 }), status: 429 },
  unavailable: {
    error: new DependencyUnavailableError("Store is down", { code: "store_down" }),
    status: 503,
  },
} satisfies Record<Exclude<ErrorCategory, "config" | "internal">, { error: LarderError; status: number }>;

describe("mapErrorToHttp", () => {
  it.each(Object.entries(CLIENT_VISIBLE))(
    "maps the %s category to its status",
    (category, { error, status }) => {
      const mapped = mapErrorToHttp(error);
      expect(mapped.status).toBe(status);
      expect(STATUS_BY_CATEGORY[category as ErrorCategory]).toBe(status);
    },
  );

  it.each(Object.entries(CLIENT_VISIBLE))(
    "keeps the code and message of a %s error in the shared body shape",
    (_category, { error }) => {
      const body = parseErrorBody(mapErrorToHttp(error).body);
      expect(body.code).toBe(error.code);
      expect(body.message).toBe(error.message);
    },
  );

  it("defaults an error's code to its category", () => {
    expect(mapErrorToHttp(new UnauthorizedError()).body.error.code).toBe("unauthorized");
  });

  it("names each failing field of a validation error in details.issues", () => {
    const error = new ValidationError("Invalid body: planned_meals.0.date, servings", [
      { path: "planned_meals.0.date", message: "Invalid date" },
      { path: "servings", message: "Too small" },
    ]);
    const mapped = mapErrorToHttp(error);
    expect(mapped.status).toBe(400);
    expect(mapped.body.error.details).toEqual({
      issues: [
        { path: "planned_meals.0.date", message: "Invalid date" },
        { path: "servings", message: "Too small" },
      ],
    });
  });

  it("omits details when the error has none", () => {
    expect("details" in mapErrorToHttp(new NotFoundError("gone")).body.error).toBe(false);
  });

  it("sets retry-after in whole seconds, rounded up, on a 429", () => {
    const mapped = mapErrorToHttp(new RateLimitedError("Slow down", { retryAfterSeconds: 2.1 }));
    expect(mapped.status).toBe(429);
    expect(mapped.headers["retry-after"]).toBe("3");
  });

  it("sends no retry-after when the rate limit does not say when to retry", () => {
    expect(mapErrorToHttp(new RateLimitedError("Slow down")).headers).toEqual({});
  });

  it("sends no extra headers for other categories", () => {
    for (const { error } of Object.values(CLIENT_VISIBLE)) {
      if (error instanceof RateLimitedError) continue;
      expect(mapErrorToHttp(error).headers).toEqual({});
    }
  });

  const GENERIC_500 = { error: { code: "internal", message: "Internal server error" } };

  it("turns an unknown error into a generic 500 that shows none of its internals", () => {
    const error = new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2");
    const mapped = mapErrorToHttp(error);
    expect(mapped.status).toBe(500);
    expect(mapped.body).toEqual(GENERIC_500);
    expect(JSON.stringify(mapped.body)).not.toContain("hunter2");
    expect(mapped.headers).toEqual({});
  });

  it("turns a config error into a generic 500 without the variable names", () => {
    const mapped = mapErrorToHttp(
      new ConfigError("Invalid configuration: SECRET_ARN is missing", {
        details: { variables: ["SECRET_ARN"] },
      }),
    );
    expect(mapped.status).toBe(500);
    expect(mapped.body).toEqual(GENERIC_500);
  });

  it("turns a LarderError of the internal category into a generic 500", () => {
    const mapped = mapErrorToHttp(
      new LarderError("internal", "stored plan p-1 is corrupt", { details: { x: 1 } }),
    );
    expect(mapped.status).toBe(500);
    expect(mapped.body).toEqual(GENERIC_500);
  });

  it.each([
    ["a string", "boom"],
    ["undefined", undefined],
    ["a plain object", { message: "not an Error" }],
  ])("turns a thrown %s into a generic 500", (_what, thrown) => {
    const mapped = mapErrorToHttp(thrown);
    expect(mapped.status).toBe(500);
    expect(mapped.body).toEqual(GENERIC_500);
  });
});

describe("the error hierarchy", () => {
  it("names each subclass after itself and keeps the cause", () => {
    const cause = new Error("root");
    const error = new ConflictError("lost", { cause });
    expect(error.name).toBe("ConflictError");
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(LarderError);
  });

  it("exposes a validation error's issues both as a field and in its details", () => {
    const issues = [{ path: "a.b", message: "Required" }];
    const error = new ValidationError("Invalid", issues);
    expect(error.issues).toEqual(issues);
    expect(error.details).toEqual({ issues });
    expect(error.category).toBe("validation");
  });
});
