import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findLiteralTimeouts } from "../../support/literal-timeouts";

const testsRoot = fileURLToPath(new URL("../..", import.meta.url));

const typeScriptFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : typeScriptFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });

describe("time bounds in tests", () => {
  it("finds a literal timeout given to a test, a hook and a wait (the check can fail)", () => {
    const planted = [
      'it("slow", async () => {}, 60_000);',
      "beforeAll(async () => {}, 120_000);",
      'test("opts", { timeout: 5000 }, () => {});',
      "await vi.waitFor(() => ok(), { timeout: 2_000 });",
      'it("scaled", async () => {}, scaledTimeout(60_000));',
    ].join("\n");
    expect(findLiteralTimeouts(planted, "planted.test.ts")).toEqual([
      { line: 1, call: "it", raw: "60_000" },
      { line: 2, call: "beforeAll", raw: "120_000" },
      { line: 3, call: "test", raw: "5000" },
      { line: 4, call: "vi.waitFor", raw: "2_000" },
    ]);
  });

  it("has no literal timeout under tests/: every bound goes through scaledTimeout", () => {
    const offenders = typeScriptFiles(testsRoot).flatMap((file) =>
      findLiteralTimeouts(readFileSync(file, "utf8"), file).map(
        (hit) => `${relative(testsRoot, file)}:${hit.line} ${hit.call}(…, ${hit.raw})`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
