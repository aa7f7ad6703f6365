import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleLambda } from "../../../lib/bundling/lambda-bundle";
import { repositoryRoot } from "../../../lib/repository-root";

// Lambdas are minified without esbuild's keepNames, so an error's `name` survives only where its class
// sets it in a literal. Error names are contracts (Step Functions' errorType, logs): this bundles every
// module that defines error classes exactly as a Lambda is bundled and checks each class still names itself.
const errorModules = [
  "functions/core/errors.ts",
  "functions/core/llm/llm-errors.ts",
  "functions/shop/store/store-errors.ts",
  "functions/core/db/tenant-table.ts",
];

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
