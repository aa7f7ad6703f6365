// @ts-check
// `node lib/bundling/build-console.mjs <outDir>`: the console built from web/ (Vite, through the cache that
// `npm start` keeps: an unchanged console is not built again) and copied into <outDir>, which CDK then
// publishes. Run by lib/constructs/larder-console.ts at synth; plain JavaScript, so plain Node runs it.
import { cpSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ensureConsoleBuild } from "../../dev/console-build.mjs";

const outDir = process.argv[2];
if (!outDir) throw new Error("usage: node lib/bundling/build-console.mjs <outDir>");
const { dir } = await ensureConsoleBuild({ root: fileURLToPath(new URL("../..", import.meta.url)) });
cpSync(dir, outDir, { recursive: true });
