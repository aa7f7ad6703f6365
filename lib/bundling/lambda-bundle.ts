import { cp, mkdir, rm } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { type BuildOptions, build, type Metafile, type Plugin } from "esbuild";
import type { FunctionDefinition } from "../definition-types";
import { repositoryRoot } from "../repository-root";

/**
 * How every Lambda is bundled: the one place CDK (LarderFunction, through bundle-lambda-cli.ts), the
 * init benchmark (bench/lambda-init.ts) and the budget test read, so what is measured is what deploys.
 *
 * - ESM with code splitting: a dynamic `import()` becomes its own chunk, loaded when the code path runs.
 *   So the LLM provider SDK that config did not choose, the Secrets Manager client before a key is read,
 *   the AWS SDK's SSO/INI credential providers and the OpenAPI document never load at cold start.
 * - `mainFields: module, main`: packages' ESM builds, which esbuild can tree-shake.
 * - The AWS SDK is bundled (not taken from the runtime): we run the version we test against.
 * - zod's 50 locales are `export * as locales` in its entry, which esbuild cannot tree-shake (about
 *   260 KB minified); a plugin keeps English only, the locale zod configures anyway.
 */

/** The entry's output file: the handler is `index.<export>`. */
export const BUNDLE_ENTRY_FILE = "index.mjs";
/** Chunks that dynamic imports load lie here, beside the entry. */
export const BUNDLE_CHUNK_DIRECTORY = "chunks";

/** A package a function's bundle leaves out and ships unbundled beside it in node_modules. */
export interface CopiedExternal {
  name: string;
}

/** What differs per need: the store tools' browser driver cannot be bundled (it reads its own files). */
const copiedExternalsFor = (definition: Pick<FunctionDefinition, "needs">): CopiedExternal[] =>
  definition.needs.includes("store") ? [{ name: "playwright-core" }] : [];

// CommonJS dependencies call require(); an ESM bundle has to provide it (in every chunk).
const requireShim =
  "import { createRequire as __larderCreateRequire } from 'node:module';" +
  "const require = __larderCreateRequire(import.meta.url);";

const zodLocalesIndex = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;

/** Resolves zod's locales index to one that exports English only (the default locale zod sets). */
export const zodEnglishLocaleOnly: Plugin = {
  name: "zod-english-locale-only",
  setup(esbuild) {
    esbuild.onLoad({ filter: zodLocalesIndex }, () => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
    }));
  },
};

/** esbuild options for one function's bundle into `outdir`. */
export const lambdaBuildOptions = (
  definition: Pick<FunctionDefinition, "entry" | "needs">,
  outdir: string,
): BuildOptions & { metafile: true } => ({
  entryPoints: {
    index: isAbsolute(definition.entry) ? definition.entry : join(repositoryRoot, definition.entry),
  },
  absWorkingDir: repositoryRoot,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  outExtension: { ".js": ".mjs" },
  chunkNames: `${BUNDLE_CHUNK_DIRECTORY}/[name]-[hash]`,
  platform: "node",
  target: "node24",
  mainFields: ["module", "main"],
  treeShaking: true,
  minify: true,
  // No keepNames: it costs about 37 KB a Lambda at cold start. Error names are contracts (Step Functions
  // Retry/Catch match them, logs show them), so every error class sets its `name` in a literal
  // (functions/core/errors.ts; tests/unit/core/error-names.test.ts checks them).
  keepNames: false,
  sourcemap: true,
  sourcesContent: false,
  // Licence comments are not code: esbuild would gather them at the end of each file (several KB a chunk).
  legalComments: "none",
  banner: { js: requireShim },
  external: copiedExternalsFor(definition).map((e) => e.name),
  plugins: [zodEnglishLocaleOnly],
  metafile: true,
  // esbuild's per-file size table drowns synth output; warnings and errors still show.
  logLevel: "warning",
});

export interface LambdaBundle {
  outdir: string;
  metafile: Metafile;
}

/** Bundles one function into `outdir` (emptied first) and copies its unbundled externals beside it. */
export const bundleLambda = async (
  definition: Pick<FunctionDefinition, "entry" | "needs">,
  outdir: string,
): Promise<LambdaBundle> => {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build(lambdaBuildOptions(definition, outdir));
  for (const external of copiedExternalsFor(definition)) {
    await cp(
      join(repositoryRoot, "node_modules", external.name),
      join(outdir, "node_modules", external.name),
      { recursive: true },
    );
  }
  return { outdir, metafile: result.metafile };
};

/** Where `bundleLambdas` puts each function's bundle: under node_modules, so copied externals resolve. */
export const defaultBundleRoot = join(repositoryRoot, "node_modules", ".cache", "larder-lambda-bundles");

/** Bundles several functions at once (esbuild runs them in parallel), each into `root/<id>`. */
export const bundleLambdas = async <D extends Pick<FunctionDefinition, "id" | "entry" | "needs">>(
  definitions: readonly D[],
  root: string = defaultBundleRoot,
): Promise<Array<{ definition: D } & LambdaBundle>> =>
  Promise.all(
    definitions.map(async (definition) => ({
      definition,
      ...(await bundleLambda(definition, join(root, definition.id))),
    })),
  );
