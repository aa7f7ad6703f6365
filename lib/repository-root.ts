import { fileURLToPath } from "node:url";

/**
 * The repository root. Definitions name entries and ASL files relative to it, so they resolve the same
 * whether synth runs from the CLI, a test or another working directory.
 */
export const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
