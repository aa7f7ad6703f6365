import type { Browser, BrowserContext, Page } from "playwright-core";
import { DependencyUnavailableError } from "../../../../core/errors";
import type { StoreCredentials, StoreSessionCookie } from "../../../domain/store-account/store-account";
import {
  extractedPageSchema,
  htmlExtractionExpression,
  inPageExtractionExpression,
  type PageSpec,
  type RawPage,
} from "../extraction/page-extraction";
import {
  StoreActionForbiddenError,
  StoreDeadlineExceededError,
  StorePageChangedError,
  StoreUnreachableError,
} from "../store-errors";
import { isAllowedStoreRequest, type StoreSite, storeSiteFor } from "../store-site";
import { isForbiddenStoreAction } from "./forbidden-store-actions";
import { launchChromium } from "./launch-chromium";
import { createIdleSessionPool, createOpenSessionLimit, householdKey } from "./session-pool";
import { pageIsSignedIn, type SignInOutcome, signInOnPage } from "./sign-in-page";
import type {
  ReadPageOptions,
  StoreBrowser,
  StoreCookie,
  StoreFormRequest,
  StoreFormResponse,
  StoreSession,
  StoreSessionOptions,
} from "./store-browser";
import { boundWait, type WaitBound } from "./store-wait-bound";
import { describeFailure, isBrowserGone, translatePlaywrightError } from "./translate-playwright-error";

export interface PlaywrightStoreBrowserOptions {
  storeUrl: URL;
  /** Bound on every navigation, wait and request. */
  timeoutMs: number;
  /** How to start Chromium; defaults to @sparticuz/chromium through playwright-core. */
  launch?: () => Promise<Browser>;
  /**
   * Idle sessions kept for reuse by the same household (same cookies), at most this many in all; 0 (the
   * default) closes every session's context when it closes. See session-pool.ts.
   */
  idleSessions?: number;
  /**
   * Sessions open at once, at most (unbounded when absent); more wait for one to close, within the
   * session's opening bound. Chromium on a few cores does pages no faster twenty at a time than four at a
   * time, and each session beyond needs a context and renderer of its own.
   */
  maxOpenSessions?: number;
}

/**
 * How long closing a household's context may take once the deadline has passed: the deadline's margin
 * (STORE_DEADLINE_MARGIN_MS, store-tools-for-household.ts) leaves room for it, and a context that will not close is left to the browser.
 */
const CLOSE_GRACE_MS = 1_000;

/**
 * How long a loaded page may take to show a marker of a known state before it is called changed: long
 * enough for a page's own XHR (the booking page's slots), short enough to fail fast on a redesign.
 */
export const READY_GRACE_MS = 2_000;

/** Images, fonts and media are never read by the tools; skipping them halves page time. */
const SKIPPED_RESOURCES = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|mp4|webm)(?:[?#]|$)/i;

/**
 * Settles with `work`, or rejects with `onTimeout()` after `timeoutMs`. Playwright bounds navigations
 * and waits, but not its other protocol calls (evaluate, newContext, close): a hung browser or page
 * must not hang a tool.
 */
const within = async <T>(work: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> => {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};

class PlaywrightStoreSession implements StoreSession {
  /** False once a call failed: the page may be mid-navigation or gone, so it is never reused. */
  healthy = true;

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly site: StoreSite,
    private readonly timeoutMs: number,
    private readonly deadline: number | undefined,
    private readonly onClose?: (session: PlaywrightStoreSession) => Promise<void>,
  ) {}

  async readPage(url: string, spec: PageSpec, options: ReadPageOptions = {}): Promise<RawPage> {
    try {
      return await this.readPageOnce(url, spec, options);
    } catch (error) {
      this.healthy = false;
      throw error;
    }
  }

  private bound(what: string, url: string): WaitBound {
    return boundWait(this.timeoutMs, this.deadline, what, url);
  }

  private async readPageOnce(url: string, spec: PageSpec, options: ReadPageOptions): Promise<RawPage> {
    if (options.serverRendered) {
      const read = await this.readWithoutRendering(url, spec);
      if (read) return read;
    }
    let status: number;
    const navigation = this.bound("opening the page", url);
    try {
      const response = await this.page.goto(url, {
        waitUntil: "domcontentloaded",
        timeout: navigation.timeoutMs,
      });
      status = response?.status() ?? 200;
    } catch (error) {
      throw translatePlaywrightError(error, { what: "opening the page", url, bound: navigation });
    }
    const finalUrl = this.page.url();
    if (status >= 500) throw new StoreUnreachableError(finalUrl, `the store answered HTTP ${status}`);
    if (status >= 400) return { url: finalUrl, status, values: {}, lists: {}, emptyMarker: null };
    // Server-rendered pages are complete at DOMContentLoaded: read at once (one round trip, measured
    // 50 ms a page cheaper than waiting first). Only when no marker of a known state (ready or empty) is
    // there, let the page finish loading and give its scripts a short grace (a live booking page fills
    // its slots by XHR), then read again: a page that is none of the known states fails fast with the
    // drift error, never after the whole store timeout. A page at another path than expected is another
    // page, whose markers will never come.
    let extracted = await this.extract(spec, finalUrl);
    const atExpectedPath = options.expectedPath?.test(new URL(finalUrl).pathname) ?? true;
    if (extracted.readyMarker === null && extracted.emptyMarker === null && atExpectedPath) {
      // A page still loading at the store timeout is read as it stands: its markers decide.
      const loading = this.bound("waiting for the page to load", finalUrl);
      await this.page.waitForLoadState("load", { timeout: loading.timeoutMs }).catch((error: unknown) => {
        if (isBrowserGone(error))
          throw translatePlaywrightError(error, { what: "waiting for the page to load" });
      });
      const left = this.bound("waiting for the page marker", finalUrl);
      const wait: WaitBound =
        left.timeoutMs <= READY_GRACE_MS ? left : { timeoutMs: READY_GRACE_MS, byDeadline: false };
      try {
        await this.page.waitForSelector([...spec.ready, ...spec.empty].join(", "), {
          state: "attached",
          timeout: wait.timeoutMs,
        });
      } catch (error) {
        throw translatePlaywrightError(error, {
          what: "waiting for the page marker",
          url: finalUrl,
          bound: wait,
          otherwise: () =>
            new StorePageChangedError({
              page: spec.page,
              registryVersion: spec.version,
              what: "page in none of its known states (ready, empty)",
              selectors: [...spec.ready, ...spec.empty.filter((marker) => !spec.ready.includes(marker))],
              url: finalUrl,
            }),
        });
      }
      extracted = await this.extract(spec, finalUrl);
    }
    const { values, lists, emptyMarker } = extracted;
    return { url: finalUrl, status, values, lists, emptyMarker };
  }

  /**
   * A server-rendered page read from its HTML: fetched with the session's cookies (a cookie the store sets
   * is kept, as on a navigation), parsed inert in the session's page and read with the same extractor.
   * Undefined when the page must be opened in the browser after all: a redirect (followed there, under
   * the context's guards against forbidden actions), something other than HTML, or HTML with no marker
   * of a known state (the page builds itself with scripts).
   */
  private async readWithoutRendering(url: string, spec: PageSpec): Promise<RawPage | undefined> {
    const fetching = this.bound("opening the page", url);
    let html: string;
    let status: number;
    try {
      const response = await this.context.request.get(url, {
        timeout: fetching.timeoutMs,
        maxRedirects: 0,
      });
      try {
        status = response.status();
        const isHtml = /text\/html/i.test(response.headers()["content-type"] ?? "");
        if (status >= 300 && status < 400) return undefined;
        if (status >= 500) throw new StoreUnreachableError(url, `the store answered HTTP ${status}`);
        if (status >= 400) return { url, status, values: {}, lists: {}, emptyMarker: null };
        if (!isHtml) return undefined;
        html = await response.text();
      } finally {
        await response.dispose().catch(() => undefined);
      }
    } catch (error) {
      throw translatePlaywrightError(error, { what: "opening the page", url, bound: fetching });
    }
    const extracted = await this.extract(spec, url, html);
    if (extracted.readyMarker === null && extracted.emptyMarker === null) return undefined;
    const { values, lists, emptyMarker } = extracted;
    return { url, status, values, lists, emptyMarker };
  }

  /** Reads `spec` from the page as it stands, or from `html` parsed inert in it. */
  private async extract(spec: PageSpec, url: string, html?: string) {
    // page.evaluate has no timeout of its own: a page whose scripts hang must not hang the tool.
    let raw: unknown;
    const reading = this.bound("reading the page", url);
    const expression =
      html === undefined ? inPageExtractionExpression(spec) : htmlExtractionExpression(spec, html);
    try {
      raw = await within(this.page.evaluate(expression), reading.timeoutMs, () =>
        reading.byDeadline
          ? new StoreDeadlineExceededError("while reading the page", url)
          : new StoreUnreachableError(url, `the page did not answer within ${reading.timeoutMs} ms`),
      );
    } catch (error) {
      throw translatePlaywrightError(error, { what: "reading the page", url });
    }
    const extracted = extractedPageSchema.safeParse(raw);
    if (!extracted.success) {
      throw new DependencyUnavailableError(`The page extractor returned an unexpected shape at ${url}`);
    }
    return extracted.data;
  }

  async sendForm(request: StoreFormRequest): Promise<StoreFormResponse> {
    try {
      return await this.sendFormOnce(request);
    } catch (error) {
      this.healthy = false;
      throw error;
    }
  }

  private async sendFormOnce(request: StoreFormRequest): Promise<StoreFormResponse> {
    const target = new URL(request.url);
    if (isForbiddenStoreAction(target.pathname + target.search)) {
      throw new StoreActionForbiddenError(
        `Refusing ${target.pathname}: a forbidden store action`,
        target.href,
      );
    }
    const sending = this.bound("sending a form", target.href);
    try {
      const timeout = sending.timeoutMs;
      const response =
        request.method === "POST"
          ? await this.context.request.post(target.href, { form: request.form, timeout })
          : await this.context.request.get(target.href, { params: request.form, timeout });
      return { status: response.status(), body: await response.text() };
    } catch (error) {
      throw translatePlaywrightError(error, { what: "sending a form", url: target.href, bound: sending });
    }
  }

  async isSignedIn(homeUrl: string): Promise<boolean> {
    const opening = this.bound("opening the home page", homeUrl);
    try {
      const response = await this.page.goto(homeUrl, {
        waitUntil: "domcontentloaded",
        timeout: opening.timeoutMs,
      });
      const status = response?.status() ?? 200;
      if (status >= 500) throw new StoreUnreachableError(homeUrl, `the store answered HTTP ${status}`);
    } catch (error) {
      this.healthy = false;
      throw translatePlaywrightError(error, { what: "opening the home page", url: homeUrl, bound: opening });
    }
    return pageIsSignedIn(this.page);
  }

  async signIn(credentials: StoreCredentials): Promise<SignInOutcome> {
    const signing = this.bound("signing in", this.page.url());
    if (signing.byDeadline && signing.timeoutMs <= 0) {
      throw new StoreDeadlineExceededError("before signing in", this.page.url());
    }
    return signInOnPage(this.page, { ...credentials, timeoutMs: signing.timeoutMs, site: this.site });
  }

  async cookies(): Promise<StoreSessionCookie[]> {
    return (await this.context.cookies()).map((cookie) => ({
      name: cookie.name,
      value: cookie.value,
      domain: cookie.domain,
      path: cookie.path,
      expires: cookie.expires,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: cookie.sameSite,
    }));
  }

  private afterClose: (() => void) | undefined;

  /** Runs once, when the session closes (its slot in the browser is free again). */
  onClosed(callback: () => void): void {
    this.afterClose = callback;
  }

  async close(): Promise<void> {
    const after = this.afterClose;
    this.afterClose = undefined;
    try {
      if (this.onClose) await this.onClose(this);
      else await this.closeContext();
    } finally {
      after?.();
    }
  }

  async closeContext(): Promise<void> {
    const timeoutMs =
      this.deadline === undefined
        ? this.timeoutMs
        : Math.min(this.timeoutMs, Math.max(0, this.deadline - Date.now()) + CLOSE_GRACE_MS);
    await closeContext(this.context, timeoutMs);
  }
}

/** A cookie as Playwright adds it: by the store's URL, or a saved session's cookie as it was. */
const toPlaywrightCookie = (cookie: StoreCookie) =>
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
const closeContext = (context: BrowserContext, timeoutMs: number): Promise<void> =>
  within(
    context.close(),
    timeoutMs,
    () => new DependencyUnavailableError(`The browser did not close a context within ${timeoutMs} ms`),
  ).catch(() => undefined);

/**
 * The StoreBrowser adapter: one Chromium per process (a Lambda container), launched on first use and
 * relaunched if it dies; a fresh context per session, so households never share cookies or carts.
 * Each context aborts requests to forbidden actions (checkout, slot booking) and to hosts the store's
 * pages do not need (store-sites.json) whatever a page's own scripts try, and skips images and fonts.
 */
export const createPlaywrightStoreBrowser = (options: PlaywrightStoreBrowserOptions): StoreBrowser => {
  const launch = options.launch ?? (() => launchChromium(options.storeUrl, options.timeoutMs));
  const site = storeSiteFor(options.storeUrl);
  let browser: Promise<Browser> | undefined;

  const running = (): Promise<Browser> => {
    browser ??= launch().then(
      (started) => {
        started.on("disconnected", () => {
          browser = undefined;
        });
        return started;
      },
      (error: unknown) => {
        browser = undefined;
        throw new DependencyUnavailableError(
          `Cannot start Chromium: ${describeFailure(error, options.timeoutMs)}`,
          {
            cause: error,
          },
        );
      },
    );
    return browser;
  };

  /** A step of opening a session, bounded by the store timeout and the session's deadline. */
  const openingStep = <T>(work: Promise<T>, bound: WaitBound): Promise<T> =>
    within(work, bound.timeoutMs, () =>
      bound.byDeadline
        ? new StoreDeadlineExceededError("while opening a session")
        : new DependencyUnavailableError(`The browser did not open a session within ${options.timeoutMs} ms`),
    );
  const openingBound = (deadline: number | undefined) =>
    boundWait(options.timeoutMs, deadline, "opening a session");

  /** The context's settings, guards and cookies, then its page. */
  const prepare = async (context: BrowserContext, sessionOptions: StoreSessionOptions): Promise<Page> => {
    context.setDefaultTimeout(options.timeoutMs);
    context.setDefaultNavigationTimeout(options.timeoutMs);
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

  const maxIdle = options.idleSessions ?? 0;
  const idle = createIdleSessionPool(maxIdle, (context) => closeContext(context, options.timeoutMs));
  const release = (key: string, session: PlaywrightStoreSession) => idle.release(key, session);

  const reuseIdle = async (
    sessionOptions: StoreSessionOptions,
  ): Promise<PlaywrightStoreSession | undefined> => {
    const key = householdKey(sessionOptions);
    const entry = idle.take(key);
    if (!entry) return undefined;
    try {
      // The household's own cookies again, in case a page of the store replaced them.
      if (sessionOptions.cookies.length > 0) {
        await openingStep(
          entry.context.addCookies(sessionOptions.cookies.map(toPlaywrightCookie)),
          openingBound(sessionOptions.deadline),
        );
      }
    } catch {
      await closeContext(entry.context, options.timeoutMs);
      return undefined;
    }
    return new PlaywrightStoreSession(
      entry.context,
      entry.page,
      site,
      options.timeoutMs,
      sessionOptions.deadline,
      (session) => release(key, session),
    );
  };

  const limit = createOpenSessionLimit(options.maxOpenSessions ?? Number.POSITIVE_INFINITY);
  const freeSlot = limit.free;
  const takeSlot = (deadline: number | undefined): Promise<void> =>
    limit.take((turn) => openingStep(turn, openingBound(deadline)));

  const openContext = async (sessionOptions: StoreSessionOptions): Promise<PlaywrightStoreSession> => {
    await takeSlot(sessionOptions.deadline);
    try {
      const session = await openOrReuse(sessionOptions);
      session.onClosed(freeSlot);
      return session;
    } catch (error) {
      freeSlot();
      throw error;
    }
  };

  const openOrReuse = async (sessionOptions: StoreSessionOptions): Promise<PlaywrightStoreSession> => {
    if (maxIdle > 0) {
      const reused = await reuseIdle(sessionOptions);
      if (reused) return reused;
    }
    const { deadline } = sessionOptions;
    // The launch has its own timeout and serves later calls too: only the deadline cuts this wait short.
    const launching = openingBound(deadline);
    const started = launching.byDeadline ? await openingStep(running(), launching) : await running();
    const creating = started.newContext({ locale: "pt-PT", timezoneId: "Europe/Lisbon" });
    let context: BrowserContext;
    try {
      context = await openingStep(creating, openingBound(deadline));
    } catch (error) {
      // A context the browser creates after the deadline is closed, not leaked.
      creating.then(
        (late) => closeContext(late, options.timeoutMs),
        () => undefined,
      );
      throw error;
    }
    try {
      const page = await openingStep(prepare(context, sessionOptions), openingBound(deadline));
      const key = householdKey(sessionOptions);
      return new PlaywrightStoreSession(
        context,
        page,
        site,
        options.timeoutMs,
        deadline,
        maxIdle > 0 ? (session) => release(key, session) : undefined,
      );
    } catch (error) {
      await closeContext(context, options.timeoutMs);
      throw error;
    }
  };

  return {
    async openSession(sessionOptions: StoreSessionOptions): Promise<StoreSession> {
      try {
        return await openContext(sessionOptions);
      } catch (error) {
        throw translatePlaywrightError(error, {
          what: "opening a session",
          during: "while opening a session",
        });
      }
    },
    async close(): Promise<void> {
      idle.clear();
      const started = browser;
      browser = undefined;
      if (started) await (await started.catch(() => undefined))?.close();
    },
  };
};

/**
 * Idle sessions a container keeps (all households together): enough for a coordinator run's twenty
 * items searching at once in the local stack, where every step shares one browser; a Lambda container
 * serves one step at a time and keeps one or two.
 */
export const CONTAINER_IDLE_SESSIONS = 24;

/**
 * Sessions a container's browser has open at once. A Lambda container serves one step at a time and
 * opens one; the local stack runs every step of a run in one process on one Chromium, where twenty
 * items searching at once would each need a context and renderer of their own for no faster pages.
 */
export const CONTAINER_MAX_OPEN_SESSIONS = 4;

let containerBrowser: StoreBrowser | undefined;
/** One browser per container, reused across invocations (Lambda handlers and the local stack). */
export const containerStoreBrowser = (options: PlaywrightStoreBrowserOptions): StoreBrowser => {
  containerBrowser ??= createPlaywrightStoreBrowser({
    idleSessions: CONTAINER_IDLE_SESSIONS,
    maxOpenSessions: CONTAINER_MAX_OPEN_SESSIONS,
    ...options,
  });
  return containerBrowser;
};
