import { describe, expect, it } from "vitest";
import { parseKitchenMessage } from "../../../../../functions/cook/domain/kitchen-chat/parse-kitchen-chat-message";

describe("parseKitchenMessage (the offline reading of a chat message)", () => {
  it.each([
    ["Swap the rice for quinoa on Friday.", 5, null, "swap the rice for quinoa"],
    ["use tofu instead of chicken on Monday dinner", 1, "dinner", "use tofu instead of chicken"],
    ["Please double it on Tuesday for lunch", 2, "lunch", "double it"],
    ["no onions on Sunday's breakfast, thanks", 0, "breakfast", "no onions"],
    ["replace the chicken with tofu for Thursday supper", 4, "dinner", "replace the chicken with tofu"],
  ] as const)("reads %j as a change on a weekday", (message, weekday, mealType, instruction) => {
    expect(parseKitchenMessage(message)).toEqual({
      kind: "modify_recipe",
      day: { kind: "weekday", weekday },
      mealType,
      instruction,
      language: "en",
    });
  });

  it.each([
    ["troca o frango por tofu na sexta ao jantar", 5, "dinner", "troca o frango por tofu"],
    ["usa tofu em vez de frango no sábado", 6, null, "usa tofu em vez de frango"],
    ["duplica na terça-feira", 2, null, "duplica"],
    ["tira a cebola na quarta ao almoço", 3, "lunch", "tira a cebola"],
    ["adiciona queijo na quinta ao pequeno-almoço", 4, "breakfast", "adiciona queijo"],
    ["sem cebola no domingo ao lanche", 0, "snack", "sem cebola"],
    ["metade na segunda", 1, null, "metade"],
  ] as const)("reads Portuguese %j", (message, weekday, mealType, instruction) => {
    expect(parseKitchenMessage(message)).toEqual({
      kind: "modify_recipe",
      day: { kind: "weekday", weekday },
      mealType,
      instruction,
      language: "pt",
    });
  });

  it("accepts unaccented Portuguese weekdays (terca, sabado)", () => {
    expect(parseKitchenMessage("duplica na terca")).toMatchObject({ day: { weekday: 2 } });
    expect(parseKitchenMessage("duplica no sabado")).toMatchObject({ day: { weekday: 6 } });
  });

  it("takes a plan date written YYYY-MM-DD as the day", () => {
    expect(parseKitchenMessage("swap the chicken for tofu on 2025-01-03 for lunch")).toEqual({
      kind: "modify_recipe",
      day: { kind: "date", date: "2025-01-03" },
      mealType: "lunch",
      instruction: "swap the chicken for tofu",
      language: "en",
    });
  });

  it.each([
    ["Remove modifications", null, null, "en"],
    ["remove the modifications from Friday's dinner please", 5, "dinner", "en"],
    ["Undo the changes to Friday's dinner", 5, "dinner", "en"],
    ["undo changes on monday", 1, null, "en"],
    ["clear variant on Tuesday", 2, null, "en"],
    ["go back to the original recipe on Sunday", 0, null, "en"],
    ["remove as alterações de sexta", 5, null, "pt"],
    ["desfaz na sexta-feira ao jantar", 5, "dinner", "pt"],
    ["desfaz", null, null, "pt"],
    ["volta à receita original no sábado", 6, null, "pt"],
  ] as const)("reads %j as an undo", (message, weekday, mealType, language) => {
    expect(parseKitchenMessage(message)).toEqual({
      kind: "clear_variant",
      days: weekday === null ? [] : [{ kind: "weekday", weekday }],
      mealType,
      language,
    });
  });

  it.each([
    ["remove modifications on Friday and Sunday", "en"],
    ["Remove modifications on Friday and on Sunday.", "en"],
    ["remove modifications Friday, Sunday", "en"],
    ["undo the changes on friday & sunday", "en"],
    ["remove as alterações na sexta e domingo", "pt"],
    ["desfaz na sexta e no domingo", "pt"],
  ] as const)("reads %j as an undo of both days, never as a change of one", (message, language) => {
    expect(parseKitchenMessage(message)).toEqual({
      kind: "clear_variant",
      days: [
        { kind: "weekday", weekday: 5 },
        { kind: "weekday", weekday: 0 },
      ],
      mealType: null,
      language,
    });
  });

  it("leaves no day name in an instruction: a change naming two days is not one it can make", () => {
    expect(parseKitchenMessage("remove the garlic on Friday and Sunday")).toEqual({
      kind: "unrecognised",
      language: "en",
    });
  });

  it('keeps "remove <ingredient>" a change, not an undo', () => {
    expect(parseKitchenMessage("remove the garlic on Friday")).toMatchObject({
      kind: "modify_recipe",
      instruction: "remove the garlic",
    });
  });

  it.each([
    ["hello", "en"],
    ["swap the rice for quinoa", "en"],
    ["what's for dinner?", "en"],
    ["o que é o jantar de hoje?", "pt"],
    ["on Friday", "en"],
  ] as const)(
    "does not read %j as a request it can act on (no day, or nothing to do)",
    (message, language) => {
      expect(parseKitchenMessage(message)).toEqual({ kind: "unrecognised", language });
    },
  );
  it.each(["on the ", "for the ", "para a ", "na sexta ao "])(
    "reads a message of 2000 characters repeating %j at once (no catastrophic backtracking)",
    (phrase) => {
      const message = phrase.repeat(Math.floor(2000 / phrase.length));
      const started = performance.now();
      parseKitchenMessage(message);
      // Linear work takes a few ms; the ambiguous pattern this guards against took minutes at 30 repeats.
      expect(performance.now() - started).toBeLessThan(1000);
    },
  );

  it('still reads linking phrases made of several words ("for the", "para a")', () => {
    expect(parseKitchenMessage("double it for the dinner on the friday")).toMatchObject({
      kind: "modify_recipe",
      day: { kind: "weekday", weekday: 5 },
      mealType: "dinner",
      instruction: "double it",
    });
    expect(parseKitchenMessage("duplica para a sexta ao jantar")).toMatchObject({
      kind: "modify_recipe",
      day: { kind: "weekday", weekday: 5 },
      mealType: "dinner",
      instruction: "duplica",
    });
  });
});
