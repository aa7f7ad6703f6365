import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { preloadEntryChunks } from "../../../../dev/workflow/local-lambda";

const seen = (): string[] => (globalThis as { preloadSeen?: string[] }).preloadSeen ?? [];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "larder-preload-"));
  (globalThis as { preloadSeen?: string[] }).preloadSeen = [];
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { preloadSeen?: string[] }).preloadSeen;
});

describe("preloadEntryChunks (a bundled entry's chunks loaded ahead of the entry)", () => {
  it("evaluates the chunks the entry imports, in order, and not the entry, which then runs once", async () => {
    mkdirSync(join(dir, "entries"));
    const chunk = (name: string) =>
      writeFileSync(
        join(dir, `chunk-${name}.mjs`),
        `globalThis.preloadSeen.push("${name}");\nexport const ${name} = 1;\n`,
      );
    chunk("a");
    chunk("b");
    chunk("c");
    // As esbuild writes them: a multi-line import, a one-line import and a bare one; a dynamic import stays.
    writeFileSync(
      join(dir, "entries", "api.mjs"),
      [
        'import {\n  a\n} from "../chunk-a.mjs";',
        'import { b } from "../chunk-b.mjs";',
        'import "../chunk-c.mjs";',
        'globalThis.preloadSeen.push("entry");',
        'export const later = () => import("../chunk-never.mjs");',
        "export const handler = () => a + b;",
        "",
      ].join("\n"),
    );
    const entryUrl = pathToFileURL(join(dir, "entries", "api.mjs")).href;
    await preloadEntryChunks(entryUrl);
    expect(seen()).toEqual(["a", "b", "c"]);
    const entry = (await import(entryUrl)) as { handler: () => number };
    expect(entry.handler()).toBe(2);
    expect(seen()).toEqual(["a", "b", "c", "entry"]);
  });

  it("never fails: a missing entry or chunk is left to the entry's own import to report", async () => {
    await expect(preloadEntryChunks(pathToFileURL(join(dir, "missing.mjs")).href)).resolves.toBeUndefined();
    writeFileSync(join(dir, "entry.mjs"), 'import "./chunk-gone.mjs";\n');
    await expect(preloadEntryChunks(pathToFileURL(join(dir, "entry.mjs")).href)).resolves.toBeUndefined();
  });
});
