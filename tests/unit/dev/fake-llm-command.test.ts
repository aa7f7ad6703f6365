import { describe, expect, it } from "vitest";
import { parseFakeLlmArgs } from "../../../dev/fake-llm/command";

describe("npm run fake-llm", () => {
  it("reads --tarpit and --slow MS, with an optional --port", () => {
    expect(parseFakeLlmArgs(["--tarpit"])).toEqual({ kind: "tarpit", delayMs: 0, port: 0 });
    expect(parseFakeLlmArgs(["--slow", "20000", "--port", "4010"])).toEqual({
      kind: "slow",
      delayMs: 20_000,
      port: 4010,
    });
  });

  it("names what is wrong with the arguments", () => {
    expect(parseFakeLlmArgs([])).toBe("give exactly one of --tarpit or --slow MS");
    expect(parseFakeLlmArgs(["--tarpit", "--slow", "5"])).toBe("give exactly one of --tarpit or --slow MS");
    expect(parseFakeLlmArgs(["--slow"])).toContain("--slow: not a delay");
    expect(parseFakeLlmArgs(["--slow", "soon"])).toContain("--slow: not a delay");
    expect(parseFakeLlmArgs(["--tarpit", "--port", "70000"])).toBe("--port: not a port: 70000");
  });
});
