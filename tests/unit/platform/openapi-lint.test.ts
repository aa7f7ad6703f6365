import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { scaledTimeout } from "../../support/test-timeouts";

// Redocly CLI's recommended ruleset over docs/openapi.json, as `npm run lint:openapi` runs it, with every
// DNS lookup and socket refused (tests/support/refuse-network.mjs): the check needs no network, and the
// CLI's telemetry (to otel.cloud.redocly.com) stays off through redocly.yaml's `telemetry: off`.

const ROOT = resolve(import.meta.dirname, "../../..");
const CLI = join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
const REFUSE_NETWORK = join(ROOT, "tests/support/refuse-network.mjs");
const run = promisify(execFile);

const LintReport = z.object({
  totals: z.object({ errors: z.number(), warnings: z.number(), ignored: z.number() }),
  problems: z.array(z.object({ ruleId: z.string(), message: z.string() }).loose()),
});

/** Lints with the repository's redocly.yaml; the CLI exits non-zero on errors, so the code is not checked. */
const lint = async (file?: string) => {
  const args = ["--import", REFUSE_NETWORK, CLI, "lint", "--format=json", "--config", "redocly.yaml"];
  const result = await run(process.execPath, file ? [...args, file] : args, {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? "",
    stderr: error.stderr ?? "",
  }));
  return { report: LintReport.parse(JSON.parse(result.stdout)), stderr: result.stderr };
};

const scratch = mkdtempSync(join(tmpdir(), "larder-openapi-lint-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("docs/openapi.json under Redocly's recommended rules", () => {
  it(
    "has no error and no warning, and the linter touched no network",
    async () => {
      const { report, stderr } = await lint();
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(stderr).not.toContain("network refused");
    },
    scaledTimeout(30_000),
  );

  it(
    "would report an operation without an operationId (the rules really run)",
    async () => {
      const document = JSON.parse(readFileSync(join(ROOT, "docs/openapi.json"), "utf8"));
      delete document.paths["/plans/{snapshot_id}/shopping-list"].get.operationId;
      const file = join(scratch, "openapi.json");
      writeFileSync(file, JSON.stringify(document));
      const { report } = await lint(file);
      expect(report.problems.map((p) => p.ruleId)).toContain("operation-operationId");
    },
    scaledTimeout(30_000),
  );
});
