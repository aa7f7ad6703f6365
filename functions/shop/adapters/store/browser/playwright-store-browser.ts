import type { Browser, BrowserContext, Page } from "playwright-core";
import { DependencyUnavailableError } from "../../../../core/errors";
import { StoreDeadlineExceededError } from "../store-errors";
import { storeSiteFor } from "../store-site";
import { within } from "./bounded-call";
import { launchChromium } from "./launch-chromium";
import { PlaywrightStoreSession } from "./playwright-store-session";
import { createIdleSessionPool, createOpenSessionLimit, householdKey } from "./session-pool";
import type { StoreBrowser, StoreSession, StoreSessionOptions } from "./store-browser";
import { closeContext, prepareStoreContext, toPlaywrightCookie } from "./store-context";
import { boundWait, type WaitBound } from "./store-wait-bound";
import { describeFailure, translatePlaywrightError } from "./translate-playwright-error";

export { READY_GRACE_MS } from "./playwright-store-session";

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
 * The StoreBrowser adapter: one Chromium per process (a Lambda container), launched on first use and
 * relaunched if it dies; a fresh context per session (store-context.ts: its guards and cookies), so
 * households never share cookies or carts; sessions (playwright-store-session.ts) kept idle for their
 * household and limited in number (session-pool.ts).
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

  /** The context's settings, guards and cookies (store-context.ts), then its page. */
  const prepare = (context: BrowserContext, sessionOptions: StoreSessionOptions): Promise<Page> =>
    prepareStoreContext(context, site, options.timeoutMs, sessionOptions);

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

/** Closes the container's browser if one was opened; for scripts that run the local stack in process and must exit. */
export const closeContainerStoreBrowser = async (): Promise<void> => {
  const browser = containerBrowser;
  containerBrowser = undefined;
  await browser?.close();
};
