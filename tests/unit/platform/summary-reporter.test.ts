import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scaledTimeout } from "../../support/test-timeouts";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("the suite's closing line", () => {
  it("counts a failing beforeAll and a failing import as failures, so a red run never says 0 failed", () => {
    const run = spawnSync(
      process.execPath,
      [
        "node_modules/vitest/vitest.mjs",
        "run",
        "--config",
        "tests/fixtures/planted-failures/vitest.config.ts",
      ],
      { cwd: root, encoding: "utf8", timeout: scaledTimeout(60_000), env: { ...process.env, CI: "true" } },
    );
    const lines = run.stdout.trim().split("\n");
    expect(run.status).not.toBe(0);
    // The hook's module and the import's module each count once; the one real test passes.
    expect(lines.at(-1)).toMatch(/^vitest: 1 passed, 2 failed, 2 skipped$/);
    expect(run.stdout).toContain("failed outside a test (hook, import or collection): hook-fails.fixture.ts");
    expect(run.stdout).toContain(
      "failed outside a test (hook, import or collection): import-fails.fixture.ts",
    );
  });
});
