import { describe, expect, it } from "vitest";
import { resolveListedId, withListedIds } from "../../../functions/core/validation";

describe("a listed id a model wrote another way", () => {
  const listed = [
    { id: "ab-12", name: "Leite Mimosa 1L" },
    { id: "cd-34", name: "leite agros 1l" },
    { id: "ef-56", name: "leite agros 1l" },
  ];

  it("is read as the id: another case, the item's name, or text holding exactly one id", () => {
    expect(resolveListedId("AB-12", listed)).toBe("ab-12");
    expect(resolveListedId("leite mimosa 1l", listed)).toBe("ab-12");
    expect(resolveListedId("ID cd-34", listed)).toBe("cd-34");
  });

  it("is never picked between two: a shared name or two ids stay as sent, for the check to refuse", () => {
    expect(resolveListedId("leite agros 1l", listed)).toBe("leite agros 1l");
    expect(resolveListedId("cd-34 or ef-56", listed)).toBe("cd-34 or ef-56");
    expect(resolveListedId(7, listed)).toBe(7);
  });

  it("is read in each entry of an answer's list, the rest of the answer untouched", () => {
    const ids = new Set(listed.map((l) => l.id));
    const names = new Map(listed.map((l) => [l.id, l.name]));
    expect(
      withListedIds(
        { reasons: [{ productId: "Leite Mimosa 1L", reason: "x" }], extra: 1 },
        "reasons",
        ids,
        names,
      ),
    ).toEqual({ reasons: [{ productId: "ab-12", reason: "x" }], extra: 1 });
    expect(withListedIds("text", "reasons", ids, names)).toBe("text");
  });
});
