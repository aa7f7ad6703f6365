import sparticuzChromium from "@sparticuz/chromium";
import { type Browser, chromium } from "playwright-core";

/** Flags that stop Chromium from phoning home at start (it resolves Google hosts otherwise). */
export const QUIET_CHROMIUM_FLAGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
] as const;

/**
 * The tools read the DOM and never look at pixels: compositing frames in software (@sparticuz/chromium
 * runs GL on SwiftShader) is work for nothing. Measured on the simulated store's search page, one page
 * reused, 25 loads: about 145 ms of Chromium CPU a load with compositing, 100 ms without.
 */
export const DOM_ONLY_CHROMIUM_FLAGS = ["--disable-gpu-compositing"] as const;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export const isLoopbackStore = (storeUrl: URL): boolean => LOOPBACK_HOSTS.has(storeUrl.hostname);

/**
 * Chromium's arguments for driving `storeUrl`. @sparticuz/chromium's Lambda flags, minus
 * `--single-process`: in single-process mode closing one browser context kills the whole browser
 * (measured here), and we keep one browser per container with a fresh context per household.
 * For a store on loopback every other host resolves to nothing, so a local run cannot reach the network.
 */
export const chromiumArgsFor = (storeUrl: URL, lambdaArgs: readonly string[]): string[] => {
  const args = lambdaArgs.filter((arg) => arg !== "--single-process");
  args.push(...QUIET_CHROMIUM_FLAGS, ...DOM_ONLY_CHROMIUM_FLAGS);
  if (isLoopbackStore(storeUrl)) {
    args.push("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost");
  }
  return args;
};

/**
 * Where @sparticuz/chromium's compressed archives are. In a Lambda package they are copied beside the
 * bundle and CHROMIUM_BIN_DIR names that folder (lib/constructs/store-bundling.ts), because the bundled
 * code can no longer find them next to its own sources; locally the package's default applies.
 */
export const chromiumArchiveDirectory = (env: Record<string, string | undefined>): string | undefined =>
  env.CHROMIUM_BIN_DIR?.trim() || undefined;

/**
 * The Chromium binary's path. The first call extracts it to /tmp and later calls reuse it, but a process
 * that calls while another is still writing it gets the half-written file: processes that may start
 * Chromium at the same time (test workers) extract it once beforehand (tests/integration/global-setup.ts).
 */
export const chromiumExecutablePath = (): Promise<string> =>
  sparticuzChromium.executablePath(chromiumArchiveDirectory(process.env));

/** Launches @sparticuz/chromium through playwright-core (locally and in Lambda alike). */
export const launchChromium = async (storeUrl: URL, timeoutMs: number): Promise<Browser> =>
  chromium.launch({
    executablePath: await chromiumExecutablePath(),
    args: chromiumArgsFor(storeUrl, sparticuzChromium.args),
    headless: true,
    timeout: timeoutMs,
  });
