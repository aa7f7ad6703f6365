// @ts-check
// Plain JavaScript: dev/stack-bundle.mjs runs before anything can load TypeScript, and uses this too.
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Writes `file` aside and renames it into place, so a concurrent reader (another start, a parallel test
 * worker) never sees half of it. The aside name is unique per write: two writes in one process can start
 * in the same millisecond, and a name made of the pid and the time was shared by both (CI's failure).
 *
 * @param {string} file
 * @param {string | Uint8Array} content
 * @returns {Promise<void>}
 */
export const writeFileAside = async (file, content) => {
  await mkdir(dirname(file), { recursive: true });
  const aside = `${file}.${randomUUID()}.partial`;
  await writeFile(aside, content);
  await rename(aside, file);
};
