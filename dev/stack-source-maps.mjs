// @ts-check
// Plain JavaScript: dev/start.mjs runs this under plain Node, before the stack bundle loads.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Stack traces of code in the stack bundle (dev/stack-bundle.mjs) name the TypeScript sources, lines and
 * columns, as `process.setSourceMapsEnabled(true)` would: that reads and parses every chunk's map as the
 * chunk loads (60-90 ms of CPU during `npm start`, most of them never used); this reads a chunk's map the
 * first time a stack trace passes through it. Frames outside the bundle are left as V8 writes them.
 * @param {string} bundleDir the build's directory
 */
export const mapStackTracesUnder = (bundleDir) => {
  const prefix = `${pathToFileURL(bundleDir).href}/`;
  /** @type {Map<string, SourceMap | null>} */
  const maps = new Map();
  /** @param {string} chunkUrl */
  const mapOf = (chunkUrl) => {
    let map = maps.get(chunkUrl);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(chunkUrl)}.map`, "utf8")));
      } catch {
        map = null;
      }
      maps.set(chunkUrl, map);
    }
    return map;
  };
  /** @param {NodeJS.CallSite} site */
  const frame = (site) => {
    const text = `${site}`;
    const file = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!file?.startsWith(prefix) || line === null || column === null) return text;
    const entry = mapOf(file)?.findEntry(line - 1, column - 1);
    if (!entry || !("originalSource" in entry) || !entry.originalSource) return text;
    // The map names its sources relative to itself (beside the chunk).
    const source = fileURLToPath(new URL(entry.originalSource, file));
    return text.replace(
      `${file}:${line}:${column}`,
      `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    );
  };
  Error.prepareStackTrace = (error, callSites) => {
    let header;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = "<error>";
    }
    return [header, ...callSites.map((site) => `    at ${frame(site)}`)].join("\n");
  };
};
