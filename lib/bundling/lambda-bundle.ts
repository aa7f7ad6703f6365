import { readFileSync } from "node:fs";
import { cp, mkdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, isAbsolute, join, relative } from "node:path";
import { type BuildOptions, build, type Metafile, type Plugin } from "esbuild";
import { rolldown } from "rolldown";
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
 * - Then the chunks a cold start loads are folded into one (`mergeColdStartChunks`): esbuild makes a shared
 *   chunk for every set of entries that share code, so a Lambda with lazy routes loaded 10-27 files at
 *   cold start, and Node pays per file (resolve, read, link; with `--enable-source-maps`, as deployed,
 *   its source map too): CookApi's import took 3-18% less as one file, quiet to loaded machine (bench/README.md).
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

const awsProtocolsBarrel = /^@aws-sdk\/core\/protocols$/;
/** The names `source` imports from `specifier`; undefined unless every import of it is `import { … }`. */
const namedImportsOf = (source: string, specifier: string): string[] | undefined => {
  const quoted = specifier.replace(/[/\\^$*+?.()|[\]{}-]/g, "\\$&");
  const statements = [
    ...source.matchAll(new RegExp(`(import|export)([^;]*?)from\\s*["']${quoted}["']`, "g")),
  ];
  const names: string[] = [];
  for (const [, keyword, clause = ""] of statements) {
    const braces = /^\s*\{([^}]*)\}\s*$/.exec(clause);
    if (keyword !== "import" || !braces?.[1]) return undefined; // `* as`, a default, a re-export: leave it
    for (const item of braces[1].split(",")) {
      const name = item.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names.length > 0 ? names : undefined;
};

/**
 * Each AWS client imports its one protocol (`AwsJson1_0Protocol` for DynamoDB) from `@aws-sdk/core`'s
 * protocols index, which re-exports every protocol. A lazy path's client (STS's query protocol, XML) is
 * then reachable from the entry through that index, and esbuild's code splitting puts it in a chunk the
 * cold start loads (13 KB in each DynamoDB function, measured 2026-11-24). This plugin gives each importer an index of just the names it imports,
 * each from its own file; an importer it cannot read that way keeps the real index.
 */
export const awsProtocolsByName: Plugin = {
  name: "aws-protocols-by-name",
  setup(esbuild) {
    esbuild.onResolve({ filter: awsProtocolsBarrel }, async (args) => {
      if (args.pluginData === "real" || !args.importer) return undefined;
      const names = namedImportsOf(readFileSync(args.importer, "utf8"), args.path);
      if (!names) return undefined;
      const index = await esbuild.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: "real",
      });
      if (index.errors.length > 0) return undefined;
      const sources = new Map<string, string>();
      const indexSource = readFileSync(index.path, "utf8");
      for (const [, list = "", from = ""] of indexSource.matchAll(
        /export\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
      )) {
        for (const item of list.split(",")) {
          const name = item.trim();
          if (name && !name.includes(" ")) sources.set(name, from);
        }
      }
      if (!names.every((name) => sources.has(name))) return undefined;
      return {
        path: `${index.path}#${names.join(",")}`,
        namespace: "aws-protocols-by-name",
        pluginData: names.map((name) => ({ name, from: sources.get(name) })),
      };
    });
    esbuild.onLoad({ filter: /.*/, namespace: "aws-protocols-by-name" }, (args) => {
      const index = args.path.slice(0, args.path.lastIndexOf("#"));
      const exports = args.pluginData as Array<{ name: string; from: string }>;
      return {
        contents: exports
          .map(({ name, from }) => `export { ${name} } from ${JSON.stringify(from)};`)
          .join("\n"),
        resolveDir: dirname(index),
        loader: "js",
      };
    });
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
  plugins: [zodEnglishLocaleOnly, awsProtocolsByName],
  metafile: true,
  // esbuild's per-file size table drowns synth output; warnings and errors still show.
  logLevel: "warning",
});

export interface LambdaBundle {
  outdir: string;
  metafile: Metafile;
}

/** A metafile key: the path relative to the repository root, as esbuild writes them. */
const metafileKey = (file: string) => relative(repositoryRoot, file).split("\\").join("/");

/** The outputs a cold start loads: the entry and the chunks it imports statically, transitively. */
export const coldStartOutputs = (metafile: Metafile, entryKey: string): Set<string> => {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external && metafile.outputs[imported.path]) {
        visit(imported.path);
      }
    }
  };
  visit(entryKey);
  return loaded;
};

/**
 * An API's app module, which its entry imports on the first request (`toLambdaHandler` given a loader):
 * `create-<area>-app.ts` (or `<area>-app.ts`), and cook's `cook-api-wiring.ts` beside its app.
 */
const FIRST_REQUEST_MODULE = /(^|\/)functions\/.*(-app|-api-wiring)\.ts$/;

/**
 * The esbuild chunks an API's first request loads: the lazy chunks holding its app module (see
 * FIRST_REQUEST_MODULE) and the chunks they import statically, less the cold start's.
 */
const firstRequestOutputs = (metafile: Metafile, coldStart: ReadonlySet<string>): Set<string> => {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file) || coldStart.has(file)) return;
    loaded.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external && metafile.outputs[imported.path]) {
        visit(imported.path);
      }
    }
  };
  for (const file of coldStart) {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      const target = metafile.outputs[imported.path];
      if (imported.kind !== "dynamic-import" || imported.external || !target) continue;
      if (Object.keys(target.inputs).some((input) => FIRST_REQUEST_MODULE.test(input))) visit(imported.path);
    }
  }
  return loaded;
};

/**
 * Rebundles esbuild's output in `stagingDir` into `outdir` with the chunks a cold start loads (all but the
 * entry) in one chunk, `chunks/cold-start-<hash>.mjs`, and those an API's first request loads to build its
 * app in another, `chunks/first-request-<hash>.mjs` (Node pays per file: CookApi's app was 12 chunks); the
 * other lazy chunks stay apart and import them. Source
 * maps chain back to the original sources. Returns a metafile of the result in esbuild's shape: each
 * output's inputs are those of the esbuild chunks folded into it (bytes scaled to what was kept).
 */
const mergeColdStartChunks = async (
  esbuildMetafile: Metafile,
  stagingDir: string,
  outdir: string,
): Promise<Metafile> => {
  const stagedEntry = join(stagingDir, BUNDLE_ENTRY_FILE);
  const coldStartKeys = coldStartOutputs(esbuildMetafile, metafileKey(stagedEntry));
  const coldStart = new Set([...coldStartKeys].map((key) => join(repositoryRoot, key)));
  coldStart.delete(stagedEntry);
  const firstRequest = new Set(
    [...firstRequestOutputs(esbuildMetafile, coldStartKeys)].map((key) => join(repositoryRoot, key)),
  );
  const bundle = await rolldown({
    input: { index: stagedEntry },
    platform: "node",
    // Node built-ins and the copied externals (playwright-core) stay imports.
    external: (id) => !id.startsWith(".") && !isAbsolute(id),
    logLevel: "warn",
    // Its note on the source-map plugin's share of build time is not a warning about the bundle.
    checks: { bundlerTimings: false },
    plugins: [
      {
        name: "esbuild-source-maps",
        // Each esbuild file with its map, so the merged maps point at the original sources.
        async load(id) {
          if (!id.endsWith(".mjs")) return null;
          const code = await readFile(id, "utf8");
          const map = await readFile(`${id}.map`, "utf8").catch(() => null);
          return { code: code.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, "\n"), map };
        },
      },
    ],
  });
  const { output } = await bundle.write({
    dir: outdir,
    format: "esm",
    entryFileNames: "[name].mjs",
    chunkFileNames: `${BUNDLE_CHUNK_DIRECTORY}/[name]-[hash].mjs`,
    minify: true,
    sourcemap: true,
    comments: { legal: false },
    codeSplitting: {
      groups: [
        { name: "cold-start", test: (id: string) => coldStart.has(id) },
        { name: "first-request", test: (id: string) => firstRequest.has(id) },
      ],
    },
  });
  await bundle.close();
  const outputs: Metafile["outputs"] = {};
  const chunks = output.flatMap((file) => (file.type === "chunk" ? [file] : []));
  const chunkFiles = new Set(chunks.map((chunk) => chunk.fileName));
  for (const chunk of chunks) {
    const inputs: Metafile["outputs"][string]["inputs"] = {};
    for (const [id, module] of Object.entries(chunk.modules)) {
      const staged = esbuildMetafile.outputs[metafileKey(id)];
      if (!staged || staged.bytes === 0) continue;
      const kept = module.renderedLength / staged.bytes;
      for (const [input, { bytesInOutput }] of Object.entries(staged.inputs)) {
        inputs[input] = { bytesInOutput: Math.round(bytesInOutput * kept) };
      }
    }
    const importOf = (path: string, kind: "import-statement" | "dynamic-import") =>
      chunkFiles.has(path) ? { path: metafileKey(join(outdir, path)), kind } : { path, kind, external: true };
    outputs[metafileKey(join(outdir, chunk.fileName))] = {
      bytes: Buffer.byteLength(chunk.code),
      inputs,
      imports: [
        ...chunk.imports.map((path) => importOf(path, "import-statement")),
        ...chunk.dynamicImports.map((path) => importOf(path, "dynamic-import")),
      ],
      exports: chunk.exports,
    };
  }
  return { inputs: esbuildMetafile.inputs, outputs };
};

/** Bundles one function into `outdir` (emptied first) and copies its unbundled externals beside it. */
export const bundleLambda = async (
  definition: Pick<FunctionDefinition, "entry" | "needs">,
  outdir: string,
): Promise<LambdaBundle> => {
  await rm(outdir, { recursive: true, force: true });
  const stagingDir = `${outdir}.esbuild`;
  await rm(stagingDir, { recursive: true, force: true });
  await mkdir(stagingDir, { recursive: true });
  const staged = await build(lambdaBuildOptions(definition, stagingDir));
  const coldStartFiles = coldStartOutputs(staged.metafile, metafileKey(join(stagingDir, BUNDLE_ENTRY_FILE)));
  let metafile = staged.metafile;
  if (coldStartFiles.size > 2) {
    metafile = await mergeColdStartChunks(staged.metafile, stagingDir, outdir);
    await rm(stagingDir, { recursive: true, force: true });
  } else {
    // One static chunk at most: nothing to fold; esbuild's output is the bundle.
    await rename(stagingDir, outdir);
    metafile = JSON.parse(
      JSON.stringify(staged.metafile).split(metafileKey(stagingDir)).join(metafileKey(outdir)),
    );
  }
  for (const external of copiedExternalsFor(definition)) {
    await cp(
      join(repositoryRoot, "node_modules", external.name),
      join(outdir, "node_modules", external.name),
      { recursive: true },
    );
  }
  return { outdir, metafile };
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
