/**
 * The Playwright side of the store adapter: Chromium and the browser adapter. Importing it loads
 * playwright-core, so Lambda code reaches it only through storeToolsForHousehold (which loads it on the
 * first session); scripts, benches and tests import it directly.
 */
export {
  chromiumArchiveDirectory,
  chromiumArgsFor,
  chromiumExecutablePath,
  launchChromium,
} from "./browser/launch-chromium";
export {
  CONTAINER_IDLE_SESSIONS,
  CONTAINER_MAX_OPEN_SESSIONS,
  containerStoreBrowser,
  createPlaywrightStoreBrowser,
  type PlaywrightStoreBrowserOptions,
} from "./browser/playwright-store-browser";
