import type { BrowserContext, Page } from "playwright-core";
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
import type { StoreSite } from "../store-site";
import { within } from "./bounded-call";
import { isForbiddenStoreAction } from "./forbidden-store-actions";
import { pageIsSignedIn, type SignInOutcome, signInOnPage } from "./sign-in-page";
import type { ReadPageOptions, StoreFormRequest, StoreFormResponse, StoreSession } from "./store-browser";
import { closeContext } from "./store-context";
import { boundWait, type WaitBound } from "./store-wait-bound";
import { isBrowserGone, translatePlaywrightError } from "./translate-playwright-error";

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

/**
 * One household's session on the store: its own browser context and page (playwright-store-browser.ts
 * opens it, or hands back an idle one). It reads pages (from their HTML when server-rendered, else in the
 * page), sends forms, signs in, and closes (or goes back to the idle pool); every wait is bounded by the
 * store timeout and the session's deadline.
 */
export class PlaywrightStoreSession implements StoreSession {
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
