import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { repositoryRoot } from "../../lib/repository-root";
import { writeFileAside } from "../write-file-aside.mjs";

/**
 * Remembers which state machine definitions asl-validator accepted, so a start validates only a definition
 * it has not seen: compiling the validator's JSON schemas with ajv was about 1.1 s of the local stack's
 * start on 2 cores (bench/README.md, "Local stack: start and stop"). The key hashes the definition as
 * the runner gets it (placeholders filled) with the validation options and the validator's version; a
 * definition it refused is never recorded, so it is refused again.
 */
const validatorVersion = (() => {
  const require = createRequire(
    join(repositoryRoot, "node_modules", "aws-local-stepfunctions", "package.json"),
  );
  const packageJson = require.resolve("asl-validator/package.json");
  return (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
})();

const CACHE_DIR = join(repositoryRoot, "node_modules", ".cache", "larder", "asl-validated");

const markerOf = (definition: unknown, options: unknown): string =>
  join(
    CACHE_DIR,
    createHash("sha256").update(JSON.stringify({ definition, options, validatorVersion })).digest("hex"),
  );

/**
 * Whether this definition was validated before, and how to record that it now was. The key is taken
 * before the definition is handed on (the runner may change it afterwards).
 */
export const validationRecord = async (
  definition: unknown,
  options: unknown,
): Promise<{ validated: boolean; record: () => Promise<void> }> => {
  const marker = markerOf(definition, options);
  const validated = await stat(marker).then(
    () => true,
    () => false,
  );
  return {
    validated,
    // Written aside and renamed, so parallel starts never read half a marker.
    record: () => writeFileAside(marker, ""),
  };
};
