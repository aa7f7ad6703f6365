import { chromiumLayerBinDirectory } from "./chromium-layer";

/**
 * What a function that drives the store's browser needs on top of the usual function (checked by running
 * such a bundle with Chromium on these machines):
 * - playwright-core cannot be bundled (it resolves its own files from `__dirname`): the shared bundler
 *   (lib/bundling/lambda-bundle.ts) leaves it external and copies it beside the bundle. It has no
 *   dependencies of its own.
 * - @sparticuz/chromium's code bundles fine, but its compressed Chromium is looked up next to its
 *   sources; the archives come from the stack's Chromium layer (chromium-layer.ts) and the code passes
 *   `CHROMIUM_BIN_DIR` to `chromium.executablePath(...)`.
 */
export const storeBundling = {
  /** Chromium needs memory; 2 GB also buys the CPU share that keeps page loads quick. */
  minimumMemoryMb: 2048,
  environment: {
    CHROMIUM_BIN_DIR: chromiumLayerBinDirectory,
  },
};
