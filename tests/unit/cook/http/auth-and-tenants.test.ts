import { describe, expect, it } from "vitest";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import { DINNER, mealPath, REPLACE_CHICKEN_WITH_TOFU, variantId } from "../../../support/cook/cook-fixtures";
import { parseErrorBody } from "../../../support/error-body";

const SNAPSHOT = "week-1";

describe("the cook API's authorizer claims", () => {
  it("answers 401 to a request without claims", async () => {
    const { call } = createCookAppHarness();
    const res = await call("GET", `/plans/${SNAPSHOT}`, { tenant: null });
    expect(res.status).toBe(401);
    expect(parseErrorBody(res.json()).code).toBe("unauthorized");
  });

  it.each([
    ["no tenant claim", { sub: "user-1" }, "missing_tenant"],
    ["a tenant with a key separator", { tenant: "alice#PLAN" }, "invalid_tenant"],
  ])("answers 403 to a token with %s", async (_what, claims, code) => {
    const { call } = createCookAppHarness();
    const res = await call("GET", `/plans/${SNAPSHOT}`, { claims });
    expect(res.status).toBe(403);
    expect(parseErrorBody(res.json()).code).toBe(code);
  });
});

describe("tenant isolation", () => {
  it("another tenant sees none of a tenant's plan, recipes or variants and cannot edit them", async () => {
    const { call } = createCookAppHarness();
    await seedPlan(call, SNAPSHOT, "alice");
    const created = await call("POST", `${mealPath(SNAPSHOT, DINNER)}/variant`, {
      tenant: "alice",
      body: { ops: [REPLACE_CHICKEN_WITH_TOFU] },
    });
    expect(created.status).toBe(200);

    const asBob = { tenant: "bob" };
    expect((await call("GET", `/plans/${SNAPSHOT}`, asBob)).status).toBe(404);
    expect((await call("GET", "/recipes/chicken-stir-fry", asBob)).status).toBe(404);
    expect((await call("GET", `/cook/${variantId(SNAPSHOT, DINNER)}`, asBob)).status).toBe(404);
    expect((await call("GET", `/plans/${SNAPSHOT}/shopping-list`, asBob)).status).toBe(404);
    const edit = await call("POST", `${mealPath(SNAPSHOT, DINNER)}/variant`, {
      ...asBob,
      body: { ops: [REPLACE_CHICKEN_WITH_TOFU] },
    });
    expect(edit.status).toBe(404);
    expect((await call("DELETE", `${mealPath(SNAPSHOT, DINNER)}/variant`, asBob)).status).toBe(404);

    expect((await call("GET", `/cook/${variantId(SNAPSHOT, DINNER)}`, { tenant: "alice" })).status).toBe(200);
  });
});
