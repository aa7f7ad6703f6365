import { describe, expect, it } from "vitest";
import {
  offlinePatchOpsGenerator,
  type PatchGenResult,
  parseInstructionOffline,
  validatePatchOps,
} from "../../../../functions/cook/domain";
import { arrozDeFrango, chickenStirFry } from "../../../support/cook/recipes";

const opsOf = (result: PatchGenResult) => {
  expect(result.needs_clarification).toBe(false);
  return result.ops;
};

describe("parseInstructionOffline (English)", () => {
  it.each([
    "replace chicken with tofu",
    "Replace the chicken with tofu.",
    "swap chicken for tofu",
    "use tofu instead of chicken",
    "tofu instead of chicken",
    "substitute tofu for chicken",
    "please swap the chicken for tofu on Friday",
  ])("%s → replace ingredient 0 with tofu, keeping its amount", (instruction) => {
    expect(opsOf(parseInstructionOffline(chickenStirFry, instruction))).toEqual([
      {
        op: "replace_ingredient",
        target_index: 0,
        target_name: "chicken",
        replacement: { name: "tofu", quantity: "500 g" },
        acknowledged: false,
        reason: "user_request",
      },
    ]);
  });

  it("takes the replacement's own amount when the user gives one", () => {
    const [op] = opsOf(parseInstructionOffline(chickenStirFry, "swap the chicken for 400 g firm tofu"));
    expect(op?.replacement).toEqual({ name: "firm tofu", quantity: "400 g" });
  });

  it("removes with acknowledged: true, since the user asked in so many words", () => {
    expect(opsOf(parseInstructionOffline(chickenStirFry, "remove the garlic"))).toEqual([
      {
        op: "remove_ingredient",
        target_index: 5,
        target_name: "garlic",
        acknowledged: true,
        reason: "user_request",
      },
    ]);
  });

  it("adds the line as said", () => {
    expect(opsOf(parseInstructionOffline(chickenStirFry, "add 1 tsp chilli flakes"))).toEqual([
      {
        op: "add_ingredient",
        new_ingredient: "1 tsp chilli flakes",
        acknowledged: false,
        reason: "user_request",
      },
    ]);
  });

  it.each([
    ["double it", 2],
    ["double the recipe", 2],
    ["halve", 0.5],
    ["make it half", 0.5],
    ["triple", 3],
    ["for 6 people", 1.5],
    ["for two people", 0.5],
    ["make it for 8 servings", 2],
  ])("%s → scale_servings %s", (instruction, factor) => {
    expect(opsOf(parseInstructionOffline(chickenStirFry, instruction))).toEqual([
      { op: "scale_servings", scale_factor: factor, acknowledged: false, reason: "user_request" },
    ]);
  });

  it("handles several clauses in one instruction", () => {
    const ops = opsOf(parseInstructionOffline(chickenStirFry, "replace chicken with tofu and double it"));
    expect(ops.map((op) => op.op)).toEqual(["replace_ingredient", "scale_servings"]);
  });

  it("keeps 'and' inside an added ingredient when the parts are not instructions", () => {
    expect(opsOf(parseInstructionOffline(chickenStirFry, "add salt and pepper"))[0]?.new_ingredient).toBe(
      "salt and pepper",
    );
  });

  it("resolves 'rice' to the line where rice is the food, not rice vinegar", () => {
    expect(opsOf(parseInstructionOffline(chickenStirFry, "swap the rice for quinoa"))[0]).toMatchObject({
      target_index: 2,
      replacement: { name: "quinoa", quantity: "2 cups" },
    });
  });

  it("asks which one when a name matches several ingredients equally", () => {
    const recipe = { ...chickenStirFry, ingredients_raw: ["1 red pepper", "1 green pepper", "1 onion"] };
    const result = parseInstructionOffline(recipe, "remove the pepper");
    expect(result.ops).toEqual([]);
    expect(result.needs_clarification).toBe(true);
    expect(result.clarification_message).toContain("0) 1 red pepper; 1) 1 green pepper");
  });

  it("asks for clarification, listing the ingredients, when the named ingredient is not in the recipe", () => {
    const result = parseInstructionOffline(chickenStirFry, "remove the beef");
    expect(result).toMatchObject({ ops: [], needs_clarification: true });
    expect(result.clarification_message).toContain('I could not find "beef"');
    expect(result.clarification_message).toContain("2) 2 cups white rice");
  });

  it("asks for clarification for anything it does not recognise", () => {
    for (const instruction of [
      "make it spicy",
      "something healthier",
      "replace salt and pepper with herbs",
    ]) {
      const result = parseInstructionOffline(chickenStirFry, instruction);
      expect(result.ops, instruction).toEqual([]);
      expect(result.needs_clarification, instruction).toBe(true);
      expect(result.clarification_message, instruction).toBeTruthy();
    }
  });

  it("asks for the servings when scaling for N people a recipe that does not state them", () => {
    const { servings: _omitted, ...recipe } = chickenStirFry;
    expect(parseInstructionOffline(recipe, "for 6 people")).toMatchObject({
      ops: [],
      needs_clarification: true,
    });
  });

  it("produces ops the validator accepts", () => {
    for (const instruction of ["replace chicken with tofu", "remove garlic", "add 1 lime", "for 6 people"]) {
      expect(
        validatePatchOps(chickenStirFry, parseInstructionOffline(chickenStirFry, instruction).ops).ok,
      ).toBe(true);
    }
  });
});

describe("parseInstructionOffline (Portuguese)", () => {
  it.each([
    "substitui o frango por tofu",
    "troca o frango por tofu",
    "usa tofu em vez de frango",
    "tofu em vez do frango",
  ])("%s → replace ingredient 0 with tofu", (instruction) => {
    expect(opsOf(parseInstructionOffline(arrozDeFrango, instruction))[0]).toMatchObject({
      op: "replace_ingredient",
      target_index: 0,
      target_name: "frango",
      replacement: { name: "tofu", quantity: "600 g" },
    });
  });

  it("resolves 'arroz' to the rice itself, not the rice vinegar", () => {
    expect(opsOf(parseInstructionOffline(arrozDeFrango, "troca o arroz por quinoa"))[0]).toMatchObject({
      target_index: 1,
    });
  });

  it.each(["remove o alho", "tira o alho", "sem alho"])("%s → remove ingredient 3", (instruction) => {
    expect(opsOf(parseInstructionOffline(arrozDeFrango, instruction))).toEqual([
      {
        op: "remove_ingredient",
        target_index: 3,
        target_name: "alho",
        acknowledged: true,
        reason: "user_request",
      },
    ]);
  });

  it("adds with adiciona", () => {
    expect(opsOf(parseInstructionOffline(arrozDeFrango, "adiciona 1 limão"))[0]).toMatchObject({
      op: "add_ingredient",
      new_ingredient: "1 limão",
    });
  });

  it.each([
    ["duplica", 2],
    ["dobra a receita", 2],
    ["metade", 0.5],
    ["faz metade", 0.5],
    ["para 2 pessoas", 0.5],
    ["para seis pessoas", 1.5],
  ])("%s → scale_servings %s", (instruction, factor) => {
    expect(opsOf(parseInstructionOffline(arrozDeFrango, instruction))).toEqual([
      { op: "scale_servings", scale_factor: factor, acknowledged: false, reason: "user_request" },
    ]);
  });

  it("handles 'e' between clauses", () => {
    const ops = opsOf(parseInstructionOffline(arrozDeFrango, "tira a cebola e adiciona 1 alho francês"));
    expect(ops.map((op) => op.op)).toEqual(["remove_ingredient", "add_ingredient"]);
  });

  it("answers clarifications in Portuguese", () => {
    expect(parseInstructionOffline(arrozDeFrango, "tira o bacalhau").clarification_message).toContain(
      "Não encontrei",
    );
    expect(parseInstructionOffline(arrozDeFrango, "faz mais picante").clarification_message).toContain(
      "Sem o assistente",
    );
  });
});

describe("offlinePatchOpsGenerator", () => {
  it("implements the PatchOpsGenerator port with the same answers", async () => {
    await expect(
      offlinePatchOpsGenerator({ recipe: chickenStirFry, instruction: "double it" }),
    ).resolves.toEqual(parseInstructionOffline(chickenStirFry, "double it"));
  });
});
