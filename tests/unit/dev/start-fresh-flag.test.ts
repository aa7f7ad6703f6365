import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm start --fresh` (without `--`) gives the flag to npm, which only sets npm_config_fresh: the start
 * refuses at once, naming the right command, instead of starting on the kept data.
 */
const ROOT = resolve(import.meta.dirname, "../../..");

describe("npm start --fresh without --", () => {
  it("is refused with exit 2 and the right command, before anything starts", () => {
    const started = spawnSync(process.execPath, ["dev/start.mjs"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", npm_config_fresh: "true" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(started.status).toBe(2);
    expect(started.stdout).toBe("");
    expect(started.stderr.trim()).toBe(
      "npm took --fresh as its own option and did not pass it on: start clean with `npm start -- --fresh`",
    );
  });
});
