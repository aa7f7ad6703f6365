import { relative } from "node:path";
import type { Metafile } from "esbuild";
import { repositoryRoot } from "../repository-root";
import { BUNDLE_ENTRY_FILE, coldStartOutputs } from "./lambda-bundle";

export interface BundleSize {
  /** Minified JS a cold start loads: the entry and every chunk it imports statically, transitively. */
  coldStartBytes: number;
  /** The output files a cold start loads (metafile keys), the entry first. */
  coldStartFiles: string[];
  /** The source files (relative to the repository root) in what a cold start loads. */
  coldStartInputs: string[];
  /** Every JS file of the bundle, lazy chunks included (source maps excluded). */
  totalBytes: number;
  /** The chunks only a dynamic import() loads, largest first: their sources and the 3 largest packages. */
  lazyChunks: Array<{ file: string; bytes: number; inputs: string[]; topInputs: string[] }>;
}

const isJs = (file: string) => file.endsWith(".mjs") || file.endsWith(".js");

/** The package (or repository folder) an input file belongs to, for reports. */
const inputGroup = (input: string): string => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match?.[1] ?? input.split("/").slice(0, 2).join("/");
};

/** Reads a bundle's sizes from esbuild's metafile (paths in it are relative to the repository root). */
export const bundleSize = (metafile: Metafile, outdir: string): BundleSize => {
  const outputs = metafile.outputs;
  const key = (file: string) => relative(repositoryRoot, file).split("\\").join("/");
  const entryKey = key(`${outdir}/${BUNDLE_ENTRY_FILE}`);
  if (!outputs[entryKey]) {
    throw new Error(
      `No ${BUNDLE_ENTRY_FILE} among the bundle's outputs (${Object.keys(outputs).join(", ")})`,
    );
  }
  const coldStart = coldStartOutputs(metafile, entryKey);
  const jsFiles = Object.keys(outputs).filter(isJs);
  const bytesOf = (file: string) => outputs[file]?.bytes ?? 0;
  const lazyChunks = jsFiles
    .filter((file) => !coldStart.has(file))
    .map((file) => {
      const groups = new Map<string, number>();
      for (const [input, { bytesInOutput }] of Object.entries(outputs[file]?.inputs ?? {})) {
        groups.set(inputGroup(input), (groups.get(inputGroup(input)) ?? 0) + bytesInOutput);
      }
      const topInputs = [...groups.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name]) => name);
      const inputs = Object.keys(outputs[file]?.inputs ?? {});
      return { file: file.slice(file.lastIndexOf("/") + 1), bytes: bytesOf(file), inputs, topInputs };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return {
    coldStartBytes: [...coldStart].reduce((sum, file) => sum + bytesOf(file), 0),
    coldStartFiles: [...coldStart],
    coldStartInputs: [...coldStart].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {})),
    totalBytes: jsFiles.reduce((sum, file) => sum + bytesOf(file), 0),
    lazyChunks,
  };
};
