import type { StoreCredentials, StoreSessionCookie } from "../../../domain/store-account/store-account";
import type { PageSpec, RawPage } from "../extraction/page-extraction";
import type { SignInOutcome } from "./sign-in-page";

/**
 * The browser port the store tools depend on. The Playwright adapter implements it with a real Chromium;
 * tests pass fakes that return canned pages.
 */
export interface StoreBrowser {
  /** A fresh, isolated browsing session (its own cookies) for one household. */
  openSession(options: StoreSessionOptions): Promise<StoreSession>;
  /** Closes the browser; only scripts and tests do this (a Lambda container keeps its browser). */
  close(): Promise<void>;
}

export interface StoreSessionOptions {
  /** Cookies to start with: the household's session on the store. */
  cookies: StoreCookie[];
  /**
   * Epoch ms by which the session's work must be over (a Lambda's remaining time less a margin). Every
   * wait is bounded by the store timeout or by the time left, whichever is shorter; a wait cut short by
   * the deadline, or one that would start after it, fails with StoreDeadlineExceededError.
   */
  deadline?: number;
}

export type StoreCookie =
  | {
      name: string;
      value: string;
      /** The store origin the cookie belongs to. */
      url: string;
    }
  /** A cookie of a saved signed-in session, as the browser gave it (the login's domain may be another). */
  | StoreSessionCookie;

export interface StoreSession {
  /**
   * Opens `url` and reads `spec` from it in one pass. Every wait is bounded.
   * Throws StoreUnreachableError when the store cannot be reached (or answers 5xx),
   * StorePageChangedError when the page answered but none of `spec.ready` appeared in time, and
   * StoreDeadlineExceededError when the session's deadline comes first.
   * A 4xx answer is returned (with empty values) for the tool to interpret.
   */
  readPage(url: string, spec: PageSpec, options?: ReadPageOptions): Promise<RawPage>;
  /**
   * Sends a form to one of the page's own endpoints (Cart-AddProduct, Cart-RemoveProductLineItem) with
   * the session's cookies, as the page's scripts would. Callers check the URL against the forbidden
   * actions first; the adapter refuses them again.
   */
  sendForm(request: StoreFormRequest): Promise<StoreFormResponse>;
  /** Opens the store's home page: does its header show a signed-in account? */
  isSignedIn(homeUrl: string): Promise<boolean>;
  /**
   * From the page the session shows (isSignedIn's home page), signs in once as a person would
   * (browser/sign-in-page.ts). Never retries; the outcome says why not.
   */
  signIn(credentials: StoreCredentials): Promise<SignInOutcome>;
  /** The session's cookies with their expiry, to keep a signed-in session for later steps and runs. */
  cookies(): Promise<StoreSessionCookie[]>;
  close(): Promise<void>;
}

export interface ReadPageOptions {
  /**
   * The path the page has after redirects when it is the page `spec` describes. When the final path does
   * not match, the store sent another page (a listing, the home page): it is read at once, without
   * waiting for `spec.ready` to appear, and the tool says what that means.
   */
  expectedPath?: RegExp;
  /**
   * The page is complete as the server sends it (a search results page): the session may fetch its HTML
   * and read it without rendering it. When the HTML shows no marker of a known state, or the store
   * redirects, the page is opened in the browser as usual.
   */
  serverRendered?: boolean;
}

export interface StoreFormRequest {
  method: "GET" | "POST";
  url: string;
  form: Record<string, string>;
}

export interface StoreFormResponse {
  status: number;
  body: string;
}
