import type { BrowserContext, Page } from "playwright-core";
import { DependencyUnavailableError } from "../../../../core/errors";
import { isAllowedStoreRequest, type StoreSite } from "../store-site";
import { within } from "./bounded-call";
import { isForbiddenStoreAction } from "./forbidden-store-actions";
import type { StoreCookie, StoreSessionOptions } from "./store-browser";

/**
 * A household's browser context: its request guards, its cookies and its bounded close. Every context
 * aborts requests to forbidden actions (checkout, slot booking) and to hosts the store's pages do not need
 * (store-sites.json) whatever a page's own scripts try, and skips images and fonts.
 */

/** Images, fonts and media are never read by the tools; skipping them halves page time. */
const SKIPPED_RESOURCES = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|mp4|webm)(?:[?#]|$)/i;

/** The context's settings, guards and cookies, then its page. */
export const prepareStoreContext = async (
  context: BrowserContext,
  site: StoreSite,
  timeoutMs: number,
  sessionOptions: Pick<StoreSessionOptions, "cookies">,
): Promise<Page> => {
  context.setDefaultTimeout(timeoutMs);
  context.setDefaultNavigationTimeout(timeoutMs);
  await context.route(
    (url) => isForbiddenStoreAction(url.pathname + url.search),
    (route) => route.abort("blockedbyclient"),
  );
  await context.route(SKIPPED_RESOURCES, (route) => route.abort("blockedbyclient"));
  await context.route(
    (url) => !isAllowedStoreRequest(site, url),
    (route) => route.abort("blockedbyclient"),
  );
  if (sessionOptions.cookies.length > 0) {
    await context.addCookies(sessionOptions.cookies.map(toPlaywrightCookie));
  }
  return context.newPage();
};

/** A cookie as Playwright adds it: by the store's URL, or a saved session's cookie as it was. */
export const toPlaywrightCookie = (cookie: StoreCookie) =>
  "url" in cookie
    ? { name: cookie.name, value: cookie.value, url: cookie.url }
    : {
        name: cookie.name,
        value: cookie.value,
        domain: cookie.domain,
        path: cookie.path,
        expires: cookie.expires,
        httpOnly: cookie.httpOnly,
        secure: cookie.secure,
        ...(cookie.sameSite === undefined ? {} : { sameSite: cookie.sameSite }),
      };

/** Closes a household's context, bounded; a context that will not close is left to the browser. */
export const closeContext = (context: BrowserContext, timeoutMs: number): Promise<void> =>
  within(
    context.close(),
    timeoutMs,
    () => new DependencyUnavailableError(`The browser did not close a context within ${timeoutMs} ms`),
  ).catch(() => undefined);
