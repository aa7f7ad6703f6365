import { describe, expect, it } from "vitest";
import { claimsFromDevToken } from "../../../dev/local-authorizer";

describe("claimsFromDevToken", () => {
  it("turns Bearer dev:<tenant> into the claims a verified token would carry", () => {
    const claims = claimsFromDevToken("Bearer dev:alice");
    expect(claims).toMatchObject({ tenant: "alice", sub: "dev-user@alice" });
    const iat = Number(claims?.iat);
    const exp = Number(claims?.exp);
    expect(Math.abs(iat - Date.now() / 1000)).toBeLessThan(5);
    expect(exp).toBeGreaterThan(iat);
  });

  it("tolerates surrounding whitespace", () => {
    expect(claimsFromDevToken("  Bearer dev:shop-42  ")?.tenant).toBe("shop-42");
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["no tenant", "Bearer dev:"],
    ["a real JWT", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJ0ZW5hbnQiOiJhbGljZSJ9.c2ln"],
    ["a tenant with a key separator", "Bearer dev:alice#PLAN"],
    ["a tenant of 65 characters", `Bearer dev:${"a".repeat(65)}`],
    ["another scheme", "Basic dev:alice"],
    ["no scheme", "dev:alice"],
    ["trailing text", "Bearer dev:alice extra"],
  ])("accepts nothing for %s", (_what, header) => {
    expect(claimsFromDevToken(header)).toBeUndefined();
  });
});
