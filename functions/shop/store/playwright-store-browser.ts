import type { Browser, BrowserContext, Page } from "playwright-core";
import { DependencyUnavailableError } from "../../core/errors";
import { isForbiddenStoreAction } from "./forbidden-store-actions";
import { launchChromium } from "./launch-chromium";
import {
  extractedPageSchema,
  inPageExtractionExpression,
  type PageSpec,
  type RawPage,
} from "./page-extraction";
import type {
  ReadPageOptions,
  StoreBrowser,
  StoreFormRequest,
  StoreFormResponse,
  StoreSession,
  StoreSessionOptions,
} from "./store-browser";
import {
  StoreActionForbiddenError,
  StoreDeadlineExceededError,
  StorePageChangedError,
  StoreUnreachableError,
} from "./store-errors";
import { boundWait, isPlaywrightTimeout, type WaitBound } from "./store-wait-bound";

export interface PlaywrightStoreBrowserOptions {
  storeUrl: URL;
  /** Bound on every navigation, wait and request. */
  timeoutMs: number;
  /** How to start Chromium; defaults to @sparticuz/chromium through playwright-core. */
  launch?: () => Promise<Browser>;
}

/**
 * How long closing a household's context may take once the deadline has passed: the handler's margin
 * (STORE_DEADLINE_MARGIN_MS) leaves room for it, and a context that will not close is left to the browser.
 */
const CLOSE_GRACE_MS = 1_000;

/**
 * How long a loaded page may take to show a marker of a known state before it is called changed: long
 * enough for a page's own XHR (the booking page's slots), short enough to fail fast on a redesign.
 */
export const READY_GRACE_MS = 2_000;

/** Images, fonts and media are never read by the tools; skipping them halves page time. */
const SKIPPED_RESOURCES = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|mp4|webm)(?:[?#]|$)/i;

/** Turns a Playwright navigation or request failure into a reason a person can act on. */
const describeFailure = (error: unknown, timeoutMs: number): string => {
  const message = error instanceof Error ? error.message : String(error);
  const netError = message.match(/net::(ERR_[A-Z_]+)/)?.[1];
  if (netError === "ERR_CONNECTION_REFUSED") return "connection refused (is the store running?)";
  if (netError === "ERR_NAME_NOT_RESOLVED") return "host name not resolved";
  if (netError) return netError;
  if (/ECONNREFUSED/.test(message)) return "connection refused (is the store running?)";
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return "host name not resolved";
  if (/Timeout \d+ms exceeded|timed out/i.test(message)) return `no answer within ${timeoutMs} ms`;
  return message.split("\n")[0] ?? "unknown failure";
};

const isBrowserGone = (error: unknown): boolean =>
  error instanceof Error &&
  /Target page, context or browser has been closed|Browser has been closed/.test(error.message);

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

/** The failure of a wait the deadline cut short, else `otherwise`. */
const deadlineOr = (bound: WaitBound, error: unknown, what: string, url: string, otherwise: () => Error) =>
  bound.byDeadline && isPlaywrightTimeout(error)
    ? new StoreDeadlineExceededError(`while ${what}`, url)
    : otherwise();

class PlaywrightStoreSession implements StoreSession {
  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly timeoutMs: number,
    private readonly deadline: number | undefined,
  ) {}

  private bound(what: string, url: string): WaitBound {
    return boundWait(this.timeoutMs, this.deadline, what, url);
  }

  async readPage(url: string, spec: PageSpec, options: ReadPageOptions = {}): Promise<RawPage> {
    let status: number;
    const navigation = this.bound("opening the page", url);
    try {
      const response = await this.page.goto(url, {
        waitUntil: "domcontentloaded",
        timeout: navigation.timeoutMs,
      });
      status = response?.status() ?? 200;
    } catch (error) {
      if (isBrowserGone(error))
        throw new DependencyUnavailableError("The browser closed during a store call", { cause: error });
      throw deadlineOr(
        navigation,
        error,
        "opening the page",
        url,
        () => new StoreUnreachableError(url, describeFailure(error, navigation.timeoutMs), error),
      );
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
          throw new DependencyUnavailableError("The browser closed during a store call", { cause: error });
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
        if (isBrowserGone(error))
          throw new DependencyUnavailableError("The browser closed during a store call", { cause: error });
        throw deadlineOr(
          wait,
          error,
          "waiting for the page marker",
          finalUrl,
          () =>
            new StorePageChangedError({
              page: spec.page,
              registryVersion: spec.version,
              what: "page in none of its known states (ready, empty)",
              selectors: [...spec.ready, ...spec.empty.filter((marker) => !spec.ready.includes(marker))],
              url: finalUrl,
            }),
        );
      }
      extracted = await this.extract(spec, finalUrl);
    }
    const { values, lists, emptyMarker } = extracted;
    return { url: finalUrl, status, values, lists, emptyMarker };
  }

  private async extract(spec: PageSpec, url: string) {
    // page.evaluate has no timeout of its own: a page whose scripts hang must not hang the tool.
    let raw: unknown;
    const reading = this.bound("reading the page", url);
    try {
      raw = await within(this.page.evaluate(inPageExtractionExpression(spec)), reading.timeoutMs, () =>
        reading.byDeadline
          ? new StoreDeadlineExceededError("while reading the page", url)
          : new StoreUnreachableError(url, `the page did not answer within ${reading.timeoutMs} ms`),
      );
    } catch (error) {
      if (isBrowserGone(error))
        throw new DependencyUnavailableError("The browser closed during a store call", { cause: error });
      throw error;
    }
    const extracted = extractedPageSchema.safeParse(raw);
    if (!extracted.success) {
      throw new DependencyUnavailableError(`The page extractor returned an unexpected shape at ${url}`);
    }
    return extracted.data;
  }

  async sendForm(request: StoreFormRequest): Promise<StoreFormResponse> {
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
      if (isBrowserGone(error))
        throw new DependencyUnavailableError("The browser closed during a store call", { cause: error });
      throw deadlineOr(
        sending,
        error,
        "sending a form",
        target.href,
        () => new StoreUnreachableError(target.href, describeFailure(error, sending.timeoutMs), error),
      );
    }
  }

  async close(): Promise<void> {
    const timeoutMs =
      this.deadline === undefined
        ? this.timeoutMs
        : Math.min(this.timeoutMs, Math.max(0, this.deadline - Date.now()) + CLOSE_GRACE_MS);
    await closeContext(this.context, timeoutMs);
  }
}

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
 * Each context aborts requests to forbidden actions (checkout, slot booking) whatever a page's own
 * scripts try, and skips images and fonts.
 */
export const createPlaywrightStoreBrowser = (options: PlaywrightStoreBrowserOptions): StoreBrowser => {
  const launch = options.launch ?? (() => launchChromium(options.storeUrl, options.timeoutMs));
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
    if (sessionOptions.cookies.length > 0) {
      await context.addCookies(sessionOptions.cookies.map(({ name, value, url }) => ({ name, value, url })));
    }
    return context.newPage();
  };

  const openContext = async (sessionOptions: StoreSessionOptions): Promise<PlaywrightStoreSession> => {
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
      return new PlaywrightStoreSession(context, page, options.timeoutMs, deadline);
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
        if (isBrowserGone(error))
          throw new DependencyUnavailableError("The browser closed while opening a session", {
            cause: error,
          });
        throw error;
      }
    },
    async close(): Promise<void> {
      const started = browser;
      browser = undefined;
      if (started) await (await started.catch(() => undefined))?.close();
    },
  };
};

let containerBrowser: StoreBrowser | undefined;
/** One browser per container, reused across invocations (Lambda handlers and the local stack). */
export const containerStoreBrowser = (options: PlaywrightStoreBrowserOptions): StoreBrowser => {
  containerBrowser ??= createPlaywrightStoreBrowser(options);
  return containerBrowser;
};
