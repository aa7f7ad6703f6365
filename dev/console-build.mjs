// @ts-check
// Plain JavaScript: dev/start.mjs runs this under plain Node, as it does dev/stack-bundle.mjs.
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The web console (web/) built once by Vite and kept in node_modules/.cache/larder/console/<key>/, the key
 * a hash of every file under web/ (but a dist/ folder), the typed client it calls (sdk/), package-lock.json
 * and this file: a start whose sources hash to a kept build serves it (hashing takes some milliseconds), any
 * other builds afresh in a child process (a few seconds, on the other core while the stack starts).
 */

const thisFile = fileURLToPath(import.meta.url);
/** A build no start has used for this long is removed. */
const UNUSED_BUILD_MAX_AGE_MS = 7 * 86_400_000;

/**
 * The files a build reads, relative to `root`, sorted.
 * @param {string} root
 * @returns {string[]}
 */
export const consoleInputs = (root) => {
  /** @type {string[]} */
  const files = [];
  // A walk of its own that skips dist/ and node_modules/ whole: Node 20's recursive readdir is slow.
  /** @param {string} dir relative to root */
  const walk = (dir) => {
    for (const item of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${item.name}`;
      if (path === "web/dist" || item.name === "node_modules") continue;
      if (item.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk("web");
  return [...files, "sdk/larder-client.ts", "sdk/larder-api.d.ts", "package-lock.json"].sort();
};

/**
 * @param {string} root
 * @returns {string}
 */
export const consoleBuildKey = (root) => {
  const hash = createHash("sha256");
  hash.update(readFileSync(thisFile));
  for (const input of consoleInputs(root)) {
    hash.update(`\0${input}\0`);
    try {
      hash.update(readFileSync(join(root, input)));
    } catch {
      hash.update("\0folder or missing\0");
    }
  }
  return hash.digest("hex").slice(0, 24);
};

/**
 * @param {string} root
 * @param {string} outDir an absolute path (Vite reads a relative one from web/, its root)
 * @returns {Promise<void>}
 */
const viteBuild = (root, outDir) =>
  new Promise((resolve, reject) => {
    const vite = join(root, "node_modules", "vite", "bin", "vite.js");
    const child = spawn(
      process.execPath,
      [
        vite,
        "build",
        "--config",
        "web/vite.config.ts",
        "--outDir",
        outDir,
        "--emptyOutDir",
        "--logLevel",
        "error",
      ],
      { cwd: root, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NODE_ENV: "production" } },
    );
    // A stop while the console builds stops the build too: nothing of `npm start` outlives it.
    const stopBuild = () => child.kill();
    process.on("exit", stopBuild);
    child.on("exit", () => process.off("exit", stopBuild));
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited ${code}: ${stderr.trim().slice(-2000)}`)),
    );
  });

/**
 * @param {string} cacheDir
 * @param {string} keep
 */
const pruneBuilds = async (cacheDir, keep) => {
  const now = Date.now();
  for (const name of await readdir(cacheDir).catch(() => /** @type {string[]} */ ([]))) {
    if (name === keep) continue;
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
 * The built console for the sources under `root`: the kept build when they have not changed, else a new one.
 * Concurrent starts each build aside and rename; the first rename wins (the same content).
 * @param {{ root: string, cacheDir?: string }} options
 * @returns {Promise<{ dir: string, built: boolean, key: string }>}
 */
export const ensureConsoleBuild = async ({
  root,
  cacheDir = join(root, "node_modules", ".cache", "larder", "console"),
}) => {
  const key = consoleBuildKey(root);
  const dir = join(cacheDir, key);
  if (existsSync(join(dir, "index.html"))) {
    const now = new Date();
    await utimes(dir, now, now).catch(() => undefined); // in use: not pruned
    return { dir, built: false, key };
  }
  await mkdir(cacheDir, { recursive: true });
  const building = join(cacheDir, `building-${randomUUID()}`);
  try {
    await viteBuild(root, building);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(join(dir, "index.html"))) await rm(building, { recursive: true, force: true });
  else await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
  if (!existsSync(join(dir, "index.html"))) throw new Error(`vite build wrote no index.html in ${dir}`);
  await pruneBuilds(cacheDir, key);
  return { dir, built: true, key };
};
