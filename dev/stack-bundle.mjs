// @ts-check
// Plain JavaScript: dev/start.mjs runs this under plain Node, before anything can load TypeScript.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeFileAside } from "./write-file-aside.mjs";

/**
 * The local stack as one esbuild bundle of its TypeScript: dev/run-larder.ts and every function entry
 * (`functions/<area>/entries/*.ts`), split into chunks so each entry's own code loads when its handler
 * does, packages left to Node. Plain Node loads some tens of files instead of about 400 TypeScript modules
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
    packages: "external",
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    plugins: [ownImportMeta],
    logLevel: "silent",
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
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
