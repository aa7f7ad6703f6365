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
 * The @sparticuz/chromium Lambda flags this browser keeps, by name, each with why. Every other one is
 * dropped, and a new one a later version adds is dropped too until it is named here. Dropped on purpose:
 * `--disable-web-security`, `--allow-running-insecure-content`, `--disable-site-isolation-trials` and the
 * `IsolateOrigins,site-per-process` disabling (they turn off the same-origin policy and site isolation,
 * which keep a page's scripts away from other origins' data and from the login page's password field),
 * `--enable-features=SharedArrayBuffer` (shared memory without cross-origin isolation, a Spectre timer),
 * `--enable-unsafe-swiftshader` and `--ignore-gpu-blocklist` (WebGL for pages, in software inside the
 * browser process, which the tools never need) and `--single-process` (see chromiumArgsFor).
 */
export const KEPT_LAMBDA_FLAGS: Readonly<Record<string, string>> = {
  "--no-sandbox":
    "Lambda has no user namespaces and no setuid helper, so Chromium's OS sandbox cannot start; the web's own walls (same-origin policy, site isolation) stay on",
  "--disable-setuid-sandbox": "the setuid sandbox helper binary is not in the Lambda package",
  "--no-zygote": "the zygote forks renderers through the sandbox's helpers, which Lambda lacks",
  "--headless": "@sparticuz/chromium is the headless shell build",
  "--use-gl": "no GPU in Lambda: GL through ANGLE",
  "--use-angle": "ANGLE on SwiftShader, the software renderer the build ships",
  "--in-process-gpu": "one process fewer in a container of one or two vCPUs",
  "--disk-cache-size": "a bounded cache in Lambda's small /tmp",
  "--font-render-hinting": "the same text layout on every machine",
  "--no-default-browser-check": "no prompt in an unattended browser",
  "--disable-domain-reliability": "no reports to Google about the hosts visited",
  "--no-pings": "no hyperlink auditing pings to third parties",
  "--disable-print-preview": "nothing is printed",
  "--ash-no-nudges": "no ChromeOS tips",
};

/**
 * Features switched off: the audio service out of process (no audio is ever played; one process fewer).
 * Only this: @sparticuz/chromium's own list also switched site isolation off.
 */
export const DISABLED_FEATURES_FLAG = "--disable-features=AudioServiceOutOfProcess";

/** Site isolation, said explicitly: every site in its own renderer process, whatever a default becomes. */
export const WALL_FLAGS = ["--site-per-process"] as const;

const flagName = (arg: string): string => arg.split("=", 1)[0] ?? arg;

/**
 * Chromium's arguments for driving `storeUrl`: the Lambda flags named in KEPT_LAMBDA_FLAGS, never
 * `--single-process` (in single-process mode closing one browser context kills the whole browser,
 * measured here, and we keep one browser per container with a fresh context per household; it would also
 * put every site in one process). For a store on loopback every other host resolves to nothing, so a
 * local run cannot reach the network.
 */
export const chromiumArgsFor = (storeUrl: URL, lambdaArgs: readonly string[]): string[] => {
  const args = lambdaArgs.filter((arg) => Object.hasOwn(KEPT_LAMBDA_FLAGS, flagName(arg)));
  args.push(DISABLED_FEATURES_FLAG, ...WALL_FLAGS, ...QUIET_CHROMIUM_FLAGS, ...DOM_ONLY_CHROMIUM_FLAGS);
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
