import { describe, expect, it } from "vitest";
import { ForbiddenError, UnauthorizedError } from "../../../functions/core/errors";
import { tenantFromEvent } from "../../../functions/core/http/tenant";
import { buildHttpApiEvent } from "../../support/http-api-event";

const withClaims = (claims?: Record<string, string | number | boolean | string[]>) =>
  buildHttpApiEvent({ method: "GET", path: "/plans", claims });

describe("tenantFromEvent", () => {
  it("reads the tenant claim", () => {
    expect(tenantFromEvent(withClaims({ tenant: "alice", sub: "u-1" }))).toBe("alice");
  });

  it("prefers our own tenant claim over a Cognito custom:tenant claim", () => {
    expect(tenantFromEvent(withClaims({ tenant: "alice", "custom:tenant": "bob" }))).toBe("alice");
    expect(tenantFromEvent(withClaims({ "custom:tenant": "bob" }))).toBe("bob");
  });

  it("is unauthorized when no authorizer passed claims", () => {
    expect(() => tenantFromEvent(withClaims())).toThrow(UnauthorizedError);
    expect(() => tenantFromEvent(undefined)).toThrow(UnauthorizedError);
  });

  it("is forbidden when the claims carry no tenant", () => {
    expect(() => tenantFromEvent(withClaims({ sub: "u-1" }))).toThrow(ForbiddenError);
  });

  it.each([
    ["a key separator", "alice#PLAN"],
    ["an empty value", ""],
    ["a leading dot", ".alice"],
    ["65 characters", "a".repeat(65)],
  ])("is forbidden when the tenant claim holds %s", (_what, tenant) => {
    expect(() => tenantFromEvent(withClaims({ tenant }))).toThrow(ForbiddenError);
  });

  it("does not fall back to custom:tenant when the tenant claim is invalid", () => {
    expect(() => tenantFromEvent(withClaims({ tenant: "a#b", "custom:tenant": "bob" }))).toThrow(
      ForbiddenError,
    );
  });
});
