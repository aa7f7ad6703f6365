import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../../../../../lib/repository-root";

const BROWSER_PACKAGES = ["playwright-core", "@sparticuz/chromium"];

/**
 * The packages a module loads when it is imported (its static import graph, bundled with code splitting
 * as lib/bundling/lambda-bundle.ts does: a dynamic import() is its own chunk, loaded when it runs).
 */
const packagesLoadedOnImport = async (entry: string): Promise<string[]> => {
  const result = await build({
    entryPoints: [join(repositoryRoot, entry)],
    bundle: true,
    splitting: true,
    outdir: "out",
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    external: BROWSER_PACKAGES,
    logLevel: "silent",
  });
  const { outputs } = result.metafile;
  const [entryOutput] = Object.keys(outputs).filter((path) => outputs[path]?.entryPoint !== undefined);
  const packages: string[] = [];
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) packages.push(imported.path);
      else visit(imported.path);
    }
  };
  if (entryOutput) visit(entryOutput);
  return packages;
};

describe("the store adapter's index", () => {
  it("loads no browser package, so Lambda code may import it statically (Chromium loads on the first session)", async () => {
    const imports = await packagesLoadedOnImport("functions/shop/adapters/store/index.ts");
    expect(imports.filter((path) => BROWSER_PACKAGES.some((name) => path.startsWith(name)))).toEqual([]);
  });

  it("while its Playwright side does", async () => {
    const imports = await packagesLoadedOnImport("functions/shop/adapters/store/playwright.ts");
    expect(imports).toContain("playwright-core");
  });
});
