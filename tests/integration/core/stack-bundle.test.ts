import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ensureStackBundle, stackBundleEntries } from "../../../dev/stack-bundle.mjs";
import { allFunctions } from "../../../lib/areas";
import { repositoryRoot } from "../../../lib/repository-root";

// `npm start` runs the stack from an esbuild bundle cached under node_modules/.cache (dev/stack-bundle.mjs).
// These build a small project of the same layout in a temporary directory, with the real esbuild.

let root: string;
let cacheDir: string;

const write = (file: string, content: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
};

const greetingSource = (word: string) => `export const greeting = (): string => "${word}";\n`;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "larder-stack-bundle-"));
  cacheDir = join(root, "cache");
  // The build reads esbuild's version from the project's node_modules, as in the repository.
  symlinkSync(join(repositoryRoot, "node_modules"), join(root, "node_modules"), "dir");
  write(
    "dev/run-larder.ts",
    'import { greeting } from "../functions/demo/domain/greeting";\nexport const run = () => greeting();\n',
  );
  write("functions/demo/domain/greeting.ts", greetingSource("hello"));
  write(
    "functions/demo/entries/api.ts",
    'import { greeting } from "../domain/greeting";\n' +
      "export const handler = async () => ({ greeting: greeting(), from: import.meta.url });\n",
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

const handlerOf = async (url: string | undefined) => {
  if (!url) throw new Error("the entry is not in the bundle");
  const module = (await import(url)) as { handler: () => Promise<{ greeting: string; from: string }> };
  return module.handler();
};

describe("the local stack's bundle", () => {
  it("bundles the process entry and every functions/<area>/entries file", () => {
    expect(stackBundleEntries(root)).toEqual(["dev/run-larder.ts", "functions/demo/entries/api.ts"]);
  });

  it("holds every function entry lib/areas declares, so the local stack finds each handler", () => {
    const bundled = new Set(stackBundleEntries(repositoryRoot));
    const missing = allFunctions()
      .map((fn) => fn.entry)
      .filter((entry) => !bundled.has(entry));
    expect(missing).toEqual([]);
  });

  it("builds once, reuses the build while no source changes, and rebuilds when one does", async () => {
    const first = await ensureStackBundle({ root, cacheDir });
    expect(first.built).toBe(true);
    expect((await handlerOf(first.entryModuleUrl("functions/demo/entries/api.ts"))).greeting).toBe("hello");

    const again = await ensureStackBundle({ root, cacheDir });
    expect(again.built).toBe(false);
    expect(again.dir).toBe(first.dir);

    // A file only imported (not an entry) changes: the next start must run the new code.
    write("functions/demo/domain/greeting.ts", greetingSource("bonjour"));
    const changed = await ensureStackBundle({ root, cacheDir });
    expect(changed.built).toBe(true);
    expect(changed.dir).not.toBe(first.dir);
    expect((await handlerOf(changed.entryModuleUrl("functions/demo/entries/api.ts"))).greeting).toBe(
      "bonjour",
    );
  });

  it("reuses the build when a source is saved unchanged, and rebuilds for a change of the same length", async () => {
    const first = await ensureStackBundle({ root, cacheDir });
    // Saved again with the same content (a checkout, an editor's save): new times, the same key.
    write("functions/demo/domain/greeting.ts", greetingSource("hello"));
    utimesSync(join(root, "functions/demo/domain/greeting.ts"), new Date(), new Date(Date.now() + 5_000));
    const saved = await ensureStackBundle({ root, cacheDir });
    expect(saved.built).toBe(false);
    expect(saved.dir).toBe(first.dir);
    // "hallo" has the length of "hello": the file's size alone does not tell, its time and content do.
    write("functions/demo/domain/greeting.ts", greetingSource("hallo"));
    utimesSync(join(root, "functions/demo/domain/greeting.ts"), new Date(), new Date(Date.now() + 10_000));
    const changed = await ensureStackBundle({ root, cacheDir });
    expect(changed.built).toBe(true);
    expect((await handlerOf(changed.entryModuleUrl("functions/demo/entries/api.ts"))).greeting).toBe("hallo");
  });

  it("rebuilds when an entry is added, and knows no entry it did not build", async () => {
    const first = await ensureStackBundle({ root, cacheDir });
    expect(first.entryModuleUrl("functions/demo/entries/worker.ts")).toBeUndefined();

    write(
      "functions/demo/entries/worker.ts",
      "export const handler = async () => ({ greeting: 'worker' });\n",
    );
    const withWorker = await ensureStackBundle({ root, cacheDir });
    expect(withWorker.built).toBe(true);
    expect((await handlerOf(withWorker.entryModuleUrl("functions/demo/entries/worker.ts"))).greeting).toBe(
      "worker",
    );
  });

  it("keeps each source's own import.meta.url, so files beside it are found from the bundle", async () => {
    const bundle = await ensureStackBundle({ root, cacheDir });
    const { from } = await handlerOf(bundle.entryModuleUrl("functions/demo/entries/api.ts"));
    expect(from).toBe(pathToFileURL(join(root, "functions/demo/entries/api.ts")).href);
  });

  it("maps a bundled module's stack trace back to its TypeScript source, as npm start shows errors", async () => {
    write(
      "functions/demo/entries/api.ts",
      'const where = (): string => new Error("here").stack ?? "";\nexport const handler = async () => where();\n',
    );
    const bundle = await ensureStackBundle({ root, cacheDir });
    const script = `const m = await import(${JSON.stringify(bundle.entryModuleUrl("functions/demo/entries/api.ts"))}); console.log(await m.handler());`;
    const stack = execFileSync(
      process.execPath,
      ["--enable-source-maps", "--input-type=module", "-e", script],
      {
        encoding: "utf8",
      },
    );
    expect(stack).toContain(`${join(root, "functions/demo/entries/api.ts")}:1:`);
  });

  it("maps stack traces as npm start does, reading a chunk's map only when a trace passes through it", async () => {
    write(
      "functions/demo/entries/api.ts",
      'const where = (): string => new Error("here").stack ?? "";\nexport const handler = async () => where();\n',
    );
    const bundle = await ensureStackBundle({ root, cacheDir });
    const maps = join(repositoryRoot, "dev/stack-source-maps.mjs");
    const script = [
      `const { mapStackTracesUnder } = await import(${JSON.stringify(pathToFileURL(maps).href)});`,
      `mapStackTracesUnder(${JSON.stringify(bundle.dir)});`,
      `const m = await import(${JSON.stringify(bundle.entryModuleUrl("functions/demo/entries/api.ts"))});`,
      "console.log(await m.handler());",
    ].join("\n");
    const stack = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(stack.split("\n")[0]).toBe("Error: here");
    // where() at line 1, column 29 of the source: the `new Error`, as Node's own source maps say.
    expect(stack).toContain(`at where (${join(root, "functions/demo/entries/api.ts")}:1:29)`);
    expect(stack).not.toContain(".mjs:");
  });

  it("lets concurrent first starts each build and agree on one build, even within one millisecond", async () => {
    // Four in one process with the clock stopped: a scratch name made of the pid and the time is then
    // shared by all four (CI's failure), so each name must be unique by construction.
    vi.spyOn(Date, "now").mockReturnValue(1_795_774_911_824);
    const build = () => ensureStackBundle({ root, cacheDir });
    const [first, ...others] = await Promise.all([build(), build(), build(), build()]);
    expect(others.map((bundle) => bundle.dir)).toEqual([first.dir, first.dir, first.dir]);
    expect(existsSync(first.dir)).toBe(true);
    expect((await handlerOf(first.entryModuleUrl("functions/demo/entries/api.ts"))).greeting).toBe("hello");
    expect(
      readdirSync(cacheDir).filter((name) => name.startsWith("building-") || name.endsWith(".partial")),
    ).toEqual([]);
  });

  it("loads a CommonJS package with require (no ESM lexer over it), the same module with its named exports", async () => {
    write(
      "functions/demo/entries/api.ts",
      'import { ConsecutiveBreaker } from "cockatiel";\n' +
        'import { z } from "zod";\n' +
        'import { createRequire } from "node:module";\n' +
        "export const handler = async () => ({\n" +
        '  same: ConsecutiveBreaker === createRequire(import.meta.url)("cockatiel").ConsecutiveBreaker,\n' +
        '  zod: z.string().parse("ok"),\n' +
        '  dynamic: typeof (await import("cron-parser")).CronExpressionParser,\n' +
        "});\n",
    );
    const bundle = await ensureStackBundle({ root, cacheDir });
    const entry = bundle.entryModuleUrl("functions/demo/entries/api.ts");
    if (!entry) throw new Error("the entry is not in the bundle");
    const output = readdirSync(bundle.dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".mjs"))
      .map((file) => readFileSync(join(bundle.dir, file), "utf8"))
      .join("\n");
    // cockatiel is CommonJS: required; zod is ESM: imported by Node, as is a dynamic import().
    expect(output).toMatch(/createRequire\([^)]*\)\("cockatiel"\)/);
    expect(output).not.toMatch(/from\s*"cockatiel"/);
    expect(output).toMatch(/from\s*"zod"/);
    expect(output).toMatch(/import\("cron-parser"\)/);
    const module = (await import(entry)) as { handler: () => Promise<Record<string, unknown>> };
    expect(await module.handler()).toEqual({ same: true, zod: "ok", dynamic: "function" });
  });

  it("rejects a build that fails, with esbuild's message naming the file", async () => {
    write("functions/demo/domain/greeting.ts", "export const greeting = ( => ;\n");
    await expect(ensureStackBundle({ root, cacheDir })).rejects.toThrow(/greeting\.ts/);
  });

  it("spawns DynamoDB Local's JVM from npm start's entry before loading zod, the SDK or PGlite", async () => {
    // The repository's own bundle (built or reused as npm start does): every module the process entry
    // loads before runLarder runs is reached by static imports; dynamic import() comes after the spawn.
    const bundle = await ensureStackBundle({ root: repositoryRoot });
    const entry = bundle.entryModuleUrl("dev/run-larder.ts");
    if (!entry) throw new Error("no dev/run-larder.ts in the bundle");
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const [, specifier = ""] of source.matchAll(/^(?:import|export)\s[^;]*?["']([^"']+)["'];?$/gms)) {
        if (specifier.startsWith(".")) visit(join(dirname(file), specifier));
        else if (!specifier.startsWith("node:")) packages.add(specifier);
      }
      // A CommonJS package is a `require` in a module of the bundle's own (requiredPackages).
      for (const [, required = ""] of source.matchAll(/^\/\/ larder-required-package:(\S+)$/gm)) {
        packages.add(required);
      }
    };
    visit(fileURLToPath(entry));
    expect(seen.size).toBeGreaterThan(1);
    expect([...packages]).toEqual([]);
  });
});
