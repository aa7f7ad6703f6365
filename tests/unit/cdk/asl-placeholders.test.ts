import { describe, expect, it } from "vitest";
import { aslPlaceholders, substitutionMismatches } from "../../../lib/asl-placeholders";

/** `${name}` as it appears in ASL text. */
const placeholder = (name: string) => `\${${name}}`;

const asl = JSON.stringify({
  StartAt: "A",
  States: {
    A: { Type: "Task", Resource: placeholder("WorkerFnArn"), Next: "B" },
    B: { Type: "Task", Resource: placeholder("SaverFnArn"), Next: "C" },
    C: { Type: "Task", Resource: placeholder("WorkerFnArn"), End: true },
  },
});

describe("aslPlaceholders", () => {
  it("lists each placeholder name once", () => {
    expect([...aslPlaceholders(asl)].sort()).toEqual(["SaverFnArn", "WorkerFnArn"]);
  });

  it("ignores JSONPath and intrinsic syntax that merely contains $ or braces", () => {
    expect(
      aslPlaceholders('{"Parameters":{"items.$":"$.items","msg.$":"States.Format(\'{}\', $.x)"}}').size,
    ).toBe(0);
  });
});

describe("substitutionMismatches", () => {
  it("is empty when every placeholder has a substitution and every substitution is used", () => {
    expect(substitutionMismatches(asl, ["WorkerFnArn", "SaverFnArn"])).toEqual([]);
  });

  it("names a placeholder without a substitution and a substitution the ASL does not use", () => {
    expect(substitutionMismatches(asl, ["WorkerFnArn", "OldFnArn"])).toEqual([
      `${placeholder("SaverFnArn")} has no substitution`,
      "substitution OldFnArn is not used in the ASL",
    ]);
  });
});
