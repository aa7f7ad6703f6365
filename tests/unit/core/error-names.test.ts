import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleLambda } from "../../../lib/bundling/lambda-bundle";
import { repositoryRoot } from "../../../lib/repository-root";

// Lambdas are minified without esbuild's keepNames, so an error's `name` survives only where its class
// sets it in a literal. Error names are contracts (Step Functions' errorType, logs): this bundles every
// module that defines error classes exactly as a Lambda is bundled and checks each class still names itself.
// Every module under functions/ that defines an error class, found by reading the sources, so a new one
// is checked without being listed here.
const errorModules = readdirSync(join(repositoryRoot, "functions"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => join("functions", file))
  .filter((file) => /class \w+ extends \w*Error\b/.test(readFileSync(join(repositoryRoot, file), "utf8")))
  .sort();

const dir = mkdtempSync(join(tmpdir(), "larder-error-names-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = join(dir, "entry.ts");
writeFileSync(
  entry,
  [
    ...errorModules.map(
      (file, i) =>
        `import * as m${i} from ${JSON.stringify(pathToFileURL(join(repositoryRoot, file)).pathname)};`,
    ),
    `const modules = [${errorModules.map((_, i) => `m${i}`).join(", ")}];`,
    // Constructors differ; one of these argument lists builds each (StorePageChangedError takes an object).
    'const argumentLists = [["message", [], {}], [{ page: "p", registryVersion: "1", what: "w", selectors: [], url: "u" }]];',
    "export const names = {};",
    "for (const module of modules) for (const [exported, value] of Object.entries(module)) {",
    "  if (typeof value !== 'function' || !(value.prototype instanceof Error)) continue;",
    "  for (const args of argumentLists) { try { names[exported] = new value(...args).name; break; } catch {} }",
    "}",
  ].join("\n"),
);

describe("error names in a Lambda bundle", () => {
  it("keeps every exported error class's name, minified as CDK deploys it", async () => {
    const outdir = join(dir, "out");
    await bundleLambda({ entry, needs: [] }, outdir);
    const { names } = (await import(pathToFileURL(join(outdir, "index.mjs")).href)) as {
      names: Record<string, string>;
    };
    expect(Object.keys(names)).toEqual(
      expect.arrayContaining([
        "LarderError",
        "ValidationError",
        "LlmUnavailable",
        "StorePageChangedError",
        "StoredItemInvalidError",
      ]),
    );
    for (const [exported, name] of Object.entries(names)) expect(name, exported).toBe(exported);
  });
});
