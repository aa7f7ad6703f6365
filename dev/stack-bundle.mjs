// @ts-check
// Plain JavaScript: dev/start.mjs runs this under plain Node, before anything can load TypeScript.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { isBuiltin } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeFileAside } from "./write-file-aside.mjs";

/**
 * The local stack as one esbuild bundle of its TypeScript: dev/run-larder.ts and every function entry
 * (`functions/<area>/entries/*.ts`), split into chunks so each entry's own code loads when its handler
 * does, packages left to Node (a CommonJS one required rather than imported: `requiredPackages`). Plain Node loads some tens of files instead of about 400 TypeScript modules
 * through tsx's loader hooks: `npm start` is healthy in about 3.7 s (median) instead of 4.9 (bench/README.md).
 *
 * It is kept in node_modules/.cache/larder/stack/<key>/, the key a hash of every source file the build
 * read, of the entries, tsconfig.json, this file and esbuild's version; a start whose sources hash to the
 * last key loads that build, any other builds afresh (about 0.4 s). Hashing them costs about 60 ms of CPU
 * before DynamoDB Local's JVM can be spawned, so a start first compares each file's size, modification
 * time and inode with the last check's (a `stamp`, a few ms) and hashes the contents only when one moved.
 * Not seen: a new file that changes how an unchanged import resolves (x.tsx beside x.ts); delete the
 * folder then.
 */

/** @typedef {{ key: string, stamp?: string, dir: string, inputs: string[], entries: Record<string, string> }} StackBundleManifest */

/**
 * @typedef {object} StackBundle
 * @property {string} dir the build's directory
 * @property {boolean} built whether this call built it (false: an earlier build was still current)
 * @property {(entry: string) => string | undefined} entryModuleUrl the file URL of an entry's build
 *   (`entry` as lib/areas names it, relative to the repository); undefined for a file not bundled
 */

const thisFile = fileURLToPath(import.meta.url);
const MANIFEST = "current.json";
/** A build no start has used for this long is removed (a running stack may still load chunks from its own). */
const UNUSED_BUILD_MAX_AGE_MS = 7 * 86_400_000;

/**
 * What is bundled: the process's entry and every function entry (an `entries/` folder's .ts files at any
 * depth under functions/, as the chat area's catalog/ and campaigns/ have), relative to `root`, sorted.
 * @param {string} root
 * @returns {string[]}
 */
export const stackBundleEntries = (root) => {
  const entries = ["dev/run-larder.ts"];
  // A walk of its own: Node 20's readdirSync({ recursive: true }) took 60-160 ms here, this some ms.
  /** @param {string} dir relative to root */
  const walk = (dir) => {
    for (const item of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (item.isDirectory()) walk(`${dir}/${item.name}`);
      else if (/(^|\/)entries$/.test(dir) && item.name.endsWith(".ts")) entries.push(`${dir}/${item.name}`);
    }
  };
  walk("functions");
  return entries.sort();
};

/**
 * The key of a build from these sources: their content, the entries, the build's own code.
 * @param {string} root
 * @param {readonly string[]} inputs source files relative to root
 * @param {readonly string[]} entries
 * @param {string} esbuildVersion
 */
const keyOf = (root, inputs, entries, esbuildVersion) => {
  const hash = createHash("sha256");
  hash.update(`esbuild ${esbuildVersion}\0${readFileSync(thisFile)}\0${root}\0${entries.join("\n")}\0`);
  try {
    hash.update(readFileSync(join(root, "tsconfig.json")));
  } catch {
    hash.update("\0no tsconfig\0");
  }
  for (const input of inputs) {
    hash.update(`${input}\0`);
    try {
      hash.update(readFileSync(join(root, input)));
    } catch {
      hash.update("\0missing\0");
    }
  }
  return hash.digest("hex").slice(0, 24);
};

/**
 * The stamp of a build's sources: each file's size, modification time (ns) and inode, the entries and the
 * build's own code. Equal stamps mean files untouched since the key was computed (a tool that rewrites a
 * file keeping its size and time, as `touch -r` would, is not seen: delete the cache folder then).
 * @param {string} root
 * @param {readonly string[]} inputs source files relative to root
 * @param {readonly string[]} entries
 * @param {string} esbuildVersion
 */
const stampOf = (root, inputs, entries, esbuildVersion) => {
  const hash = createHash("sha256");
  hash.update(`esbuild ${esbuildVersion}\0${root}\0${entries.join("\n")}\0`);
  for (const file of [thisFile, join(root, "tsconfig.json"), ...inputs.map((input) => join(root, input))]) {
    const info = statSync(file, { bigint: true, throwIfNoEntry: false });
    hash.update(info ? `${file}\0${info.size}\0${info.mtimeNs}\0${info.ino}\0` : `${file}\0missing\0`);
  }
  return hash.digest("hex").slice(0, 24);
};

/**
 * `import.meta.url` and `import.meta.dirname` of a bundled module would name its chunk: our sources find
 * their files next to themselves (migrations, the store's catalog, the repository root), so each keeps
 * its own.
 * @type {import("esbuild").Plugin}
 */
const ownImportMeta = {
  name: "own-import-meta",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.split(sep).includes("node_modules")) return undefined;
      const source = readFileSync(args.path, "utf8");
      return {
        contents: source
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path)),
        loader: "ts",
      };
    });
  },
};

/**
 * The package.json that decides a file's module format (the nearest above it), and whether that format is
 * CommonJS by Node's rules: .cjs is, .mjs is not, .js is unless that package.json says `"type": "module"`.
 * @param {string} file
 * @returns {{ packageJson: string | undefined, commonJs: boolean }}
 */
const moduleFormatOf = (file) => {
  let packageJson;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) {
      packageJson = join(dir, "package.json");
      break;
    }
    if (dirname(dir) === dir) break;
  }
  if (file.endsWith(".cjs")) return { packageJson, commonJs: true };
  if (!file.endsWith(".js")) return { packageJson, commonJs: false };
  const type = packageJson ? JSON.parse(readFileSync(packageJson, "utf8")).type : undefined;
  return { packageJson, commonJs: type !== "module" };
};

/** The namespace of the modules that `require` a CommonJS package (`requiredPackages`). */
const REQUIRED = "larder-required-package";

/**
 * Packages stay Node's to load, but a CommonJS one (the AWS SDK's clients, cockatiel, cron-parser) is
 * loaded with `require`, not `import`: Node's ESM loader runs its lexer over a CommonJS package's files to
 * find their export names, some hundred ms of CPU at start for the SDK's large files (bench/README.md).
 * Only where `import` and `require` resolve to the same file, so both give the same module (one instance,
 * Node's own cache); anything else is imported as before. Each package is resolved once, from the
 * repository's root (its one node_modules; the bundle is of the repository's own sources), and each
 * package.json that decided a format is added to `formatInputs`, so a package that changes format in an
 * upgrade changes the build's key.
 * @param {string} root
 * @param {Set<string>} formatInputs
 * @returns {import("esbuild").Plugin}
 */
const requiredPackages = (root, formatInputs) => ({
  name: "required-packages",
  setup(build) {
    /** @type {Map<string, Promise<boolean>>} */
    const commonJsPackages = new Map();
    /** @param {string} specifier */
    const isCommonJs = async (specifier) => {
      const options = { resolveDir: root, pluginData: REQUIRED };
      const [imported, required] = await Promise.all([
        build.resolve(specifier, { ...options, kind: "import-statement" }),
        build.resolve(specifier, { ...options, kind: "require-call" }),
      ]);
      if (imported.errors.length > 0 || required.errors.length > 0 || imported.path !== required.path) {
        return false;
      }
      const { packageJson, commonJs } = moduleFormatOf(imported.path);
      if (packageJson) formatInputs.add(packageJson);
      return commonJs;
    };
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === REQUIRED) return undefined;
      // A dynamic import() of a bundled CommonJS module would give only its default export: Node's, as before.
      if (isBuiltin(args.path) || args.kind === "dynamic-import") return { path: args.path, external: true };
      let commonJs = commonJsPackages.get(args.path);
      if (!commonJs) {
        commonJs = isCommonJs(args.path);
        commonJsPackages.set(args.path, commonJs);
      }
      return (await commonJs)
        ? { path: args.path, namespace: REQUIRED }
        : { path: args.path, external: true };
    });
    const from = pathToFileURL(join(root, "package.json")).href;
    build.onLoad({ filter: /.*/, namespace: REQUIRED }, (args) => ({
      // CommonJS in the bundle: esbuild gives each importer the exports as Node's import would.
      contents: `module.exports = process.getBuiltinModule("node:module").createRequire(${JSON.stringify(from)})(${JSON.stringify(args.path)});`,
      loader: "js",
    }));
  },
});

/**
 * @param {string} file
 * @returns {StackBundleManifest | undefined}
 */
const readManifest = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
};

/**
 * @param {string} dir
 * @param {StackBundleManifest} manifest
 * @param {boolean} built
 * @returns {StackBundle}
 */
const bundleAt = (dir, manifest, built) => ({
  dir,
  built,
  entryModuleUrl: (entry) => {
    const output = manifest.entries[entry];
    return output === undefined ? undefined : pathToFileURL(join(dir, output)).href;
  },
});

/**
 * Removes the builds no start has used for a week, and builds left half-done.
 * @param {string} cacheDir
 * @param {string} keep
 */
const pruneBuilds = async (cacheDir, keep) => {
  const now = Date.now();
  for (const name of await readdir(cacheDir).catch(() => /** @type {string[]} */ ([]))) {
    if (name === keep || name === MANIFEST) continue;
    const used = await stat(join(cacheDir, name)).then(
      (info) => info.mtimeMs,
      () => now,
    );
    const partial = name.startsWith("building-");
    if (now - used > (partial ? 3_600_000 : UNUSED_BUILD_MAX_AGE_MS)) {
      await rm(join(cacheDir, name), { recursive: true, force: true });
    }
  }
};

/**
 * The current build of the stack under `root`, built first when its sources changed since the last one.
 * Concurrent starts (parallel tests) each build aside and rename; the first rename wins, the same content.
 * @param {{ root: string, cacheDir?: string, entries?: string[] }} options
 * @returns {Promise<StackBundle>}
 */
export const ensureStackBundle = async ({
  root,
  cacheDir = join(root, "node_modules", ".cache", "larder", "stack"),
  entries = stackBundleEntries(root),
}) => {
  const manifestFile = join(cacheDir, MANIFEST);
  const manifest = readManifest(manifestFile);
  if (manifest) {
    const dir = join(cacheDir, manifest.dir);
    const esbuildVersion = JSON.parse(
      readFileSync(join(root, "node_modules", "esbuild", "package.json"), "utf8"),
    ).version;
    const stamp = stampOf(root, manifest.inputs, entries, esbuildVersion);
    const current =
      existsSync(dir) &&
      (stamp === manifest.stamp || keyOf(root, manifest.inputs, entries, esbuildVersion) === manifest.key);
    if (current) {
      // Files touched but unchanged (a checkout, a save without edits): the next check is the quick one.
      if (stamp !== manifest.stamp)
        await writeFileAside(manifestFile, JSON.stringify({ ...manifest, stamp }));
      const now = new Date();
      await utimes(dir, now, now).catch(() => undefined); // in use: not pruned
      return bundleAt(dir, manifest, false);
    }
  }

  // esbuild is loaded only to build: a start that reuses the build does not pay for it.
  const esbuild = await import("esbuild");
  await mkdir(cacheDir, { recursive: true });
  // A unique name per build: two builds in one process can start in the same millisecond.
  const building = join(cacheDir, `building-${randomUUID()}`);
  /** @type {Set<string>} */
  const formatInputs = new Set();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries,
    outbase: root,
    outdir: building,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Resolved as Node does (no "module" condition or field), for requiredPackages' check.
    conditions: [],
    mainFields: ["main"],
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    plugins: [requiredPackages(root, formatInputs), ownImportMeta],
    logLevel: "silent",
  });
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((input) => !input.startsWith(`${REQUIRED}:`)),
    ...[...formatInputs].map((file) => relative(root, file)),
  ].sort();
  /** @type {Record<string, string>} */
  const entryOutputs = {};
  for (const [output, info] of Object.entries(result.metafile.outputs)) {
    if (info.entryPoint) entryOutputs[info.entryPoint] = relative(building, resolve(root, output));
  }
  const key = keyOf(root, inputs, entries, esbuild.version);
  const dir = join(cacheDir, key);
  if (existsSync(dir)) {
    await rm(building, { recursive: true, force: true });
    const now = new Date();
    await utimes(dir, now, now).catch(() => undefined); // in use again: not pruned
  } else {
    // Another start may rename the same build first: then its copy is the one kept.
    await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
  }
  /** @type {StackBundleManifest} */
  const written = {
    key,
    stamp: stampOf(root, inputs, entries, esbuild.version),
    dir: key,
    inputs,
    entries: entryOutputs,
  };
  await writeFileAside(manifestFile, JSON.stringify(written));
  await pruneBuilds(cacheDir, key);
  return bundleAt(dir, written, true);
};
