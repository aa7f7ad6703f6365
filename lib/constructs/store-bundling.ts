import type { BundlingOptions } from "aws-cdk-lib/aws-lambda-nodejs";
import { chromiumLayerBinDirectory } from "./chromium-layer";

/**
 * What a function that drives the store's browser needs on top of the usual bundle (checked by running
 * such a bundle with Chromium on these machines):
 * - playwright-core cannot be bundled (it resolves its own files from `__dirname`): it stays external
 *   and is copied beside the bundle. It has no dependencies of its own.
 * - @sparticuz/chromium's code bundles fine, but its compressed Chromium is looked up next to its
 *   sources; the archives come from the stack's Chromium layer (chromium-layer.ts) and the code passes
 *   `CHROMIUM_BIN_DIR` to `chromium.executablePath(...)`.
 * Copying from node_modules keeps synth offline (`nodeModules` would run npm install).
 */
export const storeBundling = {
  /** Chromium needs memory; 2 GB also buys the CPU share that keeps page loads quick. */
  minimumMemoryMb: 2048,
  environment: {
    CHROMIUM_BIN_DIR: chromiumLayerBinDirectory,
  },
  bundling: {
    externalModules: ["playwright-core"],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir: string, outputDir: string) => [
        `mkdir -p "${outputDir}/node_modules"`,
        `cp -R "${inputDir}/node_modules/playwright-core" "${outputDir}/node_modules/playwright-core"`,
      ],
    },
  } satisfies BundlingOptions,
};
