import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../../../functions/core/errors";
import { parseOrThrow, toFieldIssues } from "../../../functions/core/validation";

const PlanSchema = z.object({
  servings: z.number().int().positive(),
  planned_meals: z.array(z.object({ date: z.iso.date(), recipe_id: z.string() })),
});

describe("parseOrThrow", () => {
  it("returns the parsed data when it is valid", () => {
    const plan = { servings: 2, planned_meals: [{ date: "2025-03-01", recipe_id: "r-1" }] };
    expect(parseOrThrow(PlanSchema, plan, "body")).toEqual(plan);
  });

  it("throws a ValidationError naming every failing field with a dotted path", () => {
    const bad = { servings: 0, planned_meals: [{ date: "2025-03-01", recipe_id: "r-1" }, { date: "soon" }] };
    let caught: unknown;
    try {
      parseOrThrow(PlanSchema, bad, "LLM output");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    const error = caught as ValidationError;
    expect(error.issues.map((i) => i.path).sort()).toEqual([
      "planned_meals.1.date",
      "planned_meals.1.recipe_id",
      "servings",
    ]);
    expect(error.message).toMatch(/^Invalid LLM output: /);
    expect(error.message).toContain("planned_meals.1.date");
  });

  it("names a failure of the value as a whole (root)", () => {
    const result = z.string().safeParse(42);
    if (result.success) throw new Error("a number must not parse as a string");
    expect(toFieldIssues(result.error)).toEqual([{ path: "(root)", message: expect.any(String) }]);
  });
});
