import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findFixedSleeps, findLiteralTimeouts } from "../../support/literal-timeouts";

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

  it("finds a fixed sleep: a timer or sleep of a literal 10 ms or more, and a loop that polls on a timer (the check can fail)", () => {
    const planted = [
      "await new Promise((resolve) => setTimeout(resolve, 60));",
      "setTimeout(() => controller.abort(), 100);",
      "await sleep(1000);",
      'import { setTimeout as pause } from "node:timers/promises"; await setTimeout(50);',
      "for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));",
      "while (!ready()) {",
      "  await delay(pollMs);",
      "}",
      "await new Promise((resolve) => setTimeout(resolve, 5));",
      "await waitUntil('ready', () => ready());",
      "setTimeout(() => controller.abort(), scaledTimeout(100));",
      "for (const item of items) await handle(item, async () => setTimeout(done, 1));",
    ].join("\n");
    expect(findFixedSleeps(planted, "planted.test.ts")).toEqual([
      { line: 1, form: "setTimeout(…, 60)" },
      { line: 2, form: "setTimeout(…, 100)" },
      { line: 3, form: "sleep(1000)" },
      { line: 4, form: "setTimeout(50)" },
      { line: 5, form: "setTimeout(…, 10)" },
      { line: 5, form: "a poll loop" },
      { line: 6, form: "a poll loop" },
    ]);
  });

  it("has no fixed sleep under tests/ but the one poll, tests/support/wait-until.ts: every wait is on its condition", () => {
    const waitUntil = join(testsRoot, "support", "wait-until.ts");
    const offenders = typeScriptFiles(testsRoot)
      .filter((file) => file !== waitUntil)
      .flatMap((file) =>
        findFixedSleeps(readFileSync(file, "utf8"), file).map(
          (hit) => `${relative(testsRoot, file)}:${hit.line} ${hit.form}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
