import { describe, expect, it } from "vitest";
import {
  MEAL_TYPE_NAMES_PT,
  MEAL_TYPE_WORDS,
  MealTypeNamesDataSchema,
  mealTypeNamePt,
} from "../../../functions/core/text/meal-type-names";
import mealTypeNamesData from "../../../functions/core/text/meal-type-names.json";

describe("meal-type-names.json (the one table of meal types' names in words)", () => {
  it("matches its schema", () => {
    expect(MealTypeNamesDataSchema.safeParse(mealTypeNamesData).success).toBe(true);
  });

  it("reads each meal type's Portuguese name back from a message", () => {
    for (const [mealType, name] of Object.entries(MEAL_TYPE_NAMES_PT)) {
      expect(MEAL_TYPE_WORDS).toContainEqual({ name, mealType, language: "pt" });
    }
  });

  it("lists a word before any later word it contains, so the longer one matches first", () => {
    MEAL_TYPE_WORDS.forEach(({ name }, index) => {
      const earlierContained = MEAL_TYPE_WORDS.slice(0, index).filter((w) => name.includes(w.name));
      expect(earlierContained, name).toEqual([]);
    });
  });

  it("names no meal for a word that is no meal type", () => {
    expect(mealTypeNamePt("dinner")).toBe("jantar");
    expect(mealTypeNamePt("toString")).toBeUndefined();
  });
});
