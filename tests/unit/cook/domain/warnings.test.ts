import { describe, expect, it } from "vitest";
import {
  applyPatchOps,
  COOK_LIMITS,
  finalizeWarnings,
  type PatchOp,
  PatchOpSchema,
  ruleBasedWarnings,
  stripWarningNumbers,
} from "../../../../functions/cook/domain";
import { chickenStirFry } from "../../../support/cook/recipes";

const NUMERIC_TIME_OR_TEMPERATURE =
  /\d+\s*(?:minutes?|mins?|min|hours?|h|seconds?|minutos?|horas?|°|º|degrees?|graus?|C\b|F\b)/i;

describe("stripWarningNumbers", () => {
  it.each([
    ["bake 25 minutes at 180°C", "bake"],
    ["Bake for 25-30 minutes at 180 °C until golden.", "Bake until golden."],
    ["Preheat the oven to 200C.", "Preheat the oven."],
    ["Cook at 350 degrees F for 1 hour, then rest.", "Cook, then rest."],
    ["Simmer (about 15 minutes) until thick.", "Simmer until thick."],
    ["Coze durante 20 minutos a 180 graus.", "Coze."],
    ["Roast at gas mark 6 for 40 mins.", "Roast."],
    ["Tofu browns faster: give it 8-10 min per side.", "Tofu browns faster: give it per side."],
    ["Braise for 1 1/2 hours, covered.", "Braise, covered."],
    ["Rest it ½ hour before slicing.", "Rest it before slicing."],
    ["Grill at 350°F until charred.", "Grill until charred."],
    ["Asse a 180ºC durante 40 minutos.", "Asse."],
  ])("%s → %s", (warning, expected) => {
    const result = stripWarningNumbers(warning);
    expect(result).toEqual({ text: expected, stripped: true });
    expect(result.text).not.toMatch(NUMERIC_TIME_OR_TEMPERATURE);
  });

  it.each([
    ["Cook for 1h30 until tender.", "Cook until tender."],
    ["Bake 25m at 180C until golden.", "Bake until golden."],
    ["Cook 90s per batch so it stays crisp.", "Cook per batch so it stays crisp."],
    ["Let it rest for 5-minutes before slicing.", "Let it rest before slicing."],
    ["Marinate 2 hrs. or overnight for the best flavour.", "Marinate or overnight for the best flavour."],
    ["Cook for 25 mins., then turn the tofu.", "Cook, then turn the tofu."],
    [
      "Cook to an internal temperature of 74°C / 165°F for safety.",
      "Cook to an internal temperature for safety.",
    ],
    ["Fry the tofu for ten minutes until golden.", "Fry the tofu until golden."],
    ["Simmer for twenty-five minutes, stirring.", "Simmer, stirring."],
    ["Cook for half an hour at medium heat, stirring often.", "Cook at medium heat, stirring often."],
    ["Coza uma hora e meia em lume brando.", "Coza em lume brando."],
    ["Coza 1 hora e meia em lume brando.", "Coza em lume brando."],
    ["Deixe repousar meia hora antes de servir.", "Deixe repousar antes de servir."],
    ["Asse durante vinte minutos até dourar.", "Asse até dourar."],
  ])("also strips run-together, hyphenated and spelled-out forms: %s → %s", (warning, expected) => {
    expect(stripWarningNumbers(warning)).toEqual({ text: expected, stripped: true });
  });

  it("leaves warnings without times or temperatures, quantities included, unchanged", () => {
    for (const warning of [
      "Tofu releases less fat; add a little oil.",
      "Use 2 tablespoons of oil.",
      "Use 2 c flour instead of 1 cup, and mix it in a",
      "Cut the tofu into 2 cm cubes and fry it in two batches.",
      "Add 2 mushrooms per person; use a 30 cm pan.",
      "Coza em uma panela grande com um fio de azeite.",
    ]) {
      expect(stripWarningNumbers(warning)).toEqual({ text: warning, stripped: false });
    }
  });
});

describe("finalizeWarnings", () => {
  it("caps at 3 warnings", () => {
    const result = finalizeWarnings([
      "One thing to note.",
      "Two things to note.",
      "Three things to note.",
      "Four things.",
    ]);
    expect(result.warnings).toHaveLength(COOK_LIMITS.warningsPerVariant);
    expect(result.dropped).toBe(1);
  });

  it("drops warnings that say nothing once their numbers are gone, and duplicates", () => {
    const result = finalizeWarnings([
      "Bake 25 minutes at 180°C.",
      "Tofu is softer than chicken, so stir gently.",
      "tofu is softer than chicken, so stir gently.",
    ]);
    expect(result).toEqual({
      warnings: ["Tofu is softer than chicken, so stir gently."],
      stripped: 1,
      dropped: 2,
    });
  });

  it("never keeps a numeric time or temperature", () => {
    const result = finalizeWarnings([
      "Press the tofu for 20 minutes before cooking so it crisps.",
      "Roast the vegetables at 220°C so they char.",
    ]);
    expect(result.warnings).toEqual([
      "Press the tofu before cooking so it crisps.",
      "Roast the vegetables so they char.",
    ]);
    for (const warning of result.warnings) expect(warning).not.toMatch(NUMERIC_TIME_OR_TEMPERATURE);
  });

  it("clips an overlong warning to the stored limit", () => {
    const [warning] = finalizeWarnings([`Note ${"very ".repeat(100)}long.`]).warnings;
    expect(warning?.length).toBeLessThanOrEqual(COOK_LIMITS.warningLength);
  });
});

describe("ruleBasedWarnings", () => {
  const op = (input: Record<string, unknown>): PatchOp => PatchOpSchema.parse(input);
  const warningsFor = (ops: PatchOp[]) =>
    ruleBasedWarnings({ base: chickenStirFry, compiled: applyPatchOps(chickenStirFry, ops, "v"), ops });

  it("points at steps that still mention a replaced ingredient", () => {
    const warnings = warningsFor([
      op({
        op: "replace_ingredient",
        target_index: 0,
        target_name: "chicken",
        replacement: { name: "firm tofu", quantity: "400 g" },
      }),
    ]);
    expect(warnings).toEqual(["The steps still mention chicken thigh; use firm tofu there instead."]);
  });

  it("points at steps that still mention a removed ingredient", () => {
    const warnings = warningsFor([
      op({ op: "remove_ingredient", target_index: 5, target_name: "garlic", acknowledged: true }),
    ]);
    expect(warnings).toEqual([
      "The steps still mention garlic, which this variant leaves out: skip it there.",
    ]);
  });

  it("says when an added ingredient has no step, and not when a step already uses it", () => {
    expect(warningsFor([op({ op: "add_ingredient", new_ingredient: "1 lime" })])).toEqual([
      "The steps do not say when to add lime; add it where it fits the dish.",
    ]);
    expect(warningsFor([op({ op: "add_ingredient", new_ingredient: "1 tsp salt" })])).toEqual([]);
  });

  it("notes scaling without claiming a time, and names lines it could not scale", () => {
    const base = {
      ...chickenStirFry,
      ingredients_raw: [...chickenStirFry.ingredients_raw, "Juice of 2 limes"],
    };
    const ops = [op({ op: "scale_servings", scale_factor: 2 })];
    const warnings = ruleBasedWarnings({ base, compiled: applyPatchOps(base, ops, "v"), ops });
    expect(warnings).toEqual([
      "Quantities were scaled: cooking times and pan sizes may need adjusting, so check for doneness.",
      'Check the amount of "Juice of 2 limes": it could not be scaled.',
    ]);
  });
});
