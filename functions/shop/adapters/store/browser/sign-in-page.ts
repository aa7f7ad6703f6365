import type { Page } from "playwright-core";
import { isLoginOrigin, type StoreSite } from "../store-site";

/**
 * The store's sign-in as a person does it, on a Playwright page: the cookie banner (OneTrust) and the
 * notification prompt (OneSignal) first, the header's account link, the login form (login.auchan.pt, a
 * Salesforce page: `#uname1`, `#pwd1`, and `#btnSubmit_login`, a `type="button"` whose click runs an AJAX
 * `login()` and then sends the browser back to the store with the session), then the store's header,
 * which names the signed-in person. One attempt, never repeated: a refused password is reported, not
 * retried, so a wrong password can never lock the account. Used by the store tools and, on the saved
 * real pages, by `scripts/store-sign-in-real.ts`.
 *
 * The email and password are typed only on a page of the store's login origins (store-site.ts), over
 * https: the account link is followed only when it points there, the form is filled only while the page
 * is there, and each field's own document is checked right before it is filled. A link or redirect to
 * another origin ends the sign-in as "needs a person", naming that origin, with nothing typed.
 */
export const SIGN_IN_SELECTORS = {
  cookieAccept: "#onetrust-accept-btn-handler",
  notificationDismiss: "#onesignal-slidedown-cancel-button",
  accountLink: '.auc-header-account a[href*="Login-OAuthLogin"], a[href*="Login-OAuthLogin"]',
  email: "#uname1",
  password: "#pwd1",
  submit: "#btnSubmit_login",
  /** The real header names the person ("Olá, …") once signed in; anonymous, it holds the Login link. */
  signedIn: ".auc-header__user-name",
  anonymousHeader: '.auc-header-account a[href*="Login-OAuthLogin"]',
  /** The login page opens its error modal (`openModal`) with the store's message. */
  refusal: "#errorModal .modal-body, .slds-form-element__help, .login-error",
  challenge:
    'iframe[src*="recaptcha"], iframe[src*="hcaptcha"], .g-recaptcha, .h-captcha, [id*="captcha" i], ' +
    'input[autocomplete="one-time-code"], input[name*="otp" i], input[name*="verificationcode" i]',
} as const;

export type SignInOutcome =
  | { kind: "signed_in" }
  /** The store refused the email or password, in its own words. */
  | { kind: "refused"; message: string }
  /** A captcha, a second factor or a page these steps do not know: what was seen. */
  | { kind: "needs_person"; seen: string };

interface PageState {
  signedIn: boolean;
  anonymous: boolean;
  loginForm: boolean;
  refusal: string | null;
  challenge: string | null;
  title: string;
}

/**
 * Runs in the page: which of the known states it is in (only visible elements count). A source string,
 * not a function: a transpiler's helpers inside a function would not exist in the page.
 */
const READ_STATE_SOURCE = `(selectors) => {
  const visible = (element) => element instanceof HTMLElement && element.getClientRects().length > 0;
  const firstVisible = (selector) => [...document.querySelectorAll(selector)].find(visible) ?? null;
  const refusal = firstVisible(selectors.refusal);
  const challenge = firstVisible(selectors.challenge);
  const refusalText = refusal ? refusal.innerText.trim().slice(0, 300) : "";
  return {
    signedIn: document.querySelector(selectors.signedIn) !== null,
    anonymous: document.querySelector(selectors.anonymousHeader) !== null,
    loginForm: document.querySelector(selectors.email) !== null,
    refusal: refusalText || null,
    challenge: challenge
      ? challenge.tagName.toLowerCase() + (challenge.id ? "#" + challenge.id : "." + String(challenge.className).trim().split(/s+/).join("."))
      : null,
    title: document.title.trim().slice(0, 120),
  };
}`;
const readStateExpression = `(${READ_STATE_SOURCE})(${JSON.stringify(SIGN_IN_SELECTORS)})`;

const stateOf = (page: Page): Promise<PageState> =>
  (page.evaluate(readStateExpression) as Promise<PageState>).catch(() => ({
    // A page mid-navigation cannot be read: try again on the next poll.
    signedIn: false,
    anonymous: false,
    loginForm: false,
    refusal: null,
    challenge: null,
    title: "",
  }));

/** What a person would name: the page's title and where it is (its query left out: it may carry tokens). */
const seenAt = (page: Page, state: PageState, what: string): string => {
  const url = new URL(page.url());
  return `${what} on "${state.title || "an untitled page"}" at ${url.origin}${url.pathname}`;
};

/** The sign-in left the store's login origins: what a person would need to know, and nothing typed. */
const elsewhere = (origin: string, site: StoreSite, how: string): SignInOutcome => ({
  kind: "needs_person",
  seen: `${how} ${origin}, which is not the store's login (${site.loginOrigins.join(", ")}): nothing was typed`,
});

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url.slice(0, 80);
  }
};

/**
 * Types `value` into the field `selector` only if the field's own document is on a login origin. The
 * check runs in the field's document and the fill goes to that same element: a page that navigates in
 * between destroys the element's document, so the fill fails instead of typing into the next page.
 * Returns the origin the field was on when it was not a login origin.
 */
const fillOnLoginOrigin = async (
  page: Page,
  site: StoreSite,
  selector: string,
  value: string,
  timeoutMs: number,
): Promise<{ filled: true } | { filled: false; origin: string }> => {
  const field = await page.locator(selector).first().elementHandle({ timeout: timeoutMs });
  if (!field) throw new Error(`no ${selector}`);
  try {
    const href = await field.evaluate((element) => element.ownerDocument.location.href);
    if (!isLoginOrigin(site, href) || !isLoginOrigin(site, page.url())) {
      return { filled: false, origin: originOf(isLoginOrigin(site, href) ? page.url() : href) };
    }
    await field.fill(value, { timeout: timeoutMs });
    return { filled: true };
  } finally {
    await field.dispose().catch(() => undefined);
  }
};

/** Whether the page as it stands shows a signed-in header (and is a store page at all). */
export const pageIsSignedIn = async (page: Page): Promise<boolean> => (await stateOf(page)).signedIn;

const POLL_MS = 100;

/** Polls the page until `decide` returns an outcome or `until` (epoch ms) passes. */
const pollFor = async <T>(
  page: Page,
  until: number,
  decide: (state: PageState) => T | undefined,
): Promise<{ outcome: T } | { state: PageState }> => {
  for (;;) {
    const state = await stateOf(page);
    const outcome = decide(state);
    if (outcome !== undefined) return { outcome };
    if (Date.now() >= until) return { state };
    await page.waitForTimeout(POLL_MS).catch(() => undefined);
  }
};

const clickIfVisible = async (page: Page, selector: string): Promise<void> => {
  const target = page.locator(selector).first();
  if (await target.isVisible().catch(() => false))
    await target.click({ timeout: 2_000 }).catch(() => undefined);
};

/**
 * Signs in on `page`, which shows a store page (the home page) or already the login form. `timeoutMs`
 * bounds each wait (the form's appearance, the store's answer to the submit). Errors never carry the
 * password: a failing fill or click is reported as what was seen.
 */
export const signInOnPage = async (
  page: Page,
  args: { email: string; password: string; timeoutMs: number; site: StoreSite },
): Promise<SignInOutcome> => {
  const { site } = args;
  const first = await stateOf(page);
  if (first.signedIn) return { kind: "signed_in" };
  if (!first.loginForm) {
    await clickIfVisible(page, SIGN_IN_SELECTORS.cookieAccept);
    await clickIfVisible(page, SIGN_IN_SELECTORS.notificationDismiss);
    const link = page.locator(SIGN_IN_SELECTORS.accountLink).first();
    if ((await link.count().catch(() => 0)) === 0) {
      return { kind: "needs_person", seen: seenAt(page, first, "no account link and no login form") };
    }
    const href = await link.getAttribute("href", { timeout: args.timeoutMs }).catch(() => null);
    const target = href === null ? page.url() : new URL(href, page.url()).href;
    if (!isLoginOrigin(site, target)) return elsewhere(originOf(target), site, "the account link leads to");
    await link.click({ timeout: args.timeoutMs }).catch(() => undefined);
  }
  const formDeadline = Date.now() + args.timeoutMs;
  const form = await pollFor(page, formDeadline, (state) =>
    !isLoginOrigin(site, page.url())
      ? elsewhere(originOf(page.url()), site, "the sign-in led to")
      : state.challenge
        ? ({ kind: "needs_person", seen: seenAt(page, state, `a challenge (${state.challenge})`) } as const)
        : state.loginForm
          ? ({ kind: "form" } as const)
          : undefined,
  );
  if ("state" in form) {
    return { kind: "needs_person", seen: seenAt(page, form.state, "no login form") };
  }
  if (form.outcome.kind === "needs_person") return form.outcome;
  try {
    for (const [selector, value] of [
      [SIGN_IN_SELECTORS.email, args.email],
      [SIGN_IN_SELECTORS.password, args.password],
    ] as const) {
      const filled = await fillOnLoginOrigin(page, site, selector, value, args.timeoutMs);
      if (!filled.filled) return elsewhere(filled.origin, site, "the login form moved to");
    }
    await page.locator(SIGN_IN_SELECTORS.submit).click({ timeout: args.timeoutMs });
  } catch {
    const state = await stateOf(page);
    return { kind: "needs_person", seen: seenAt(page, state, "a login form that could not be filled") };
  }
  const answered = await pollFor(page, Date.now() + args.timeoutMs, (state): SignInOutcome | undefined => {
    if (state.signedIn) return { kind: "signed_in" };
    if (state.refusal) return { kind: "refused", message: state.refusal };
    if (state.challenge) {
      return { kind: "needs_person", seen: seenAt(page, state, `a challenge (${state.challenge})`) };
    }
    return undefined;
  });
  if ("outcome" in answered) return answered.outcome;
  const what = answered.state.loginForm
    ? `no answer to the submit within ${args.timeoutMs} ms`
    : answered.state.anonymous
      ? "the store still anonymous after the submit"
      : "an unknown page after the submit";
  return { kind: "needs_person", seen: seenAt(page, answered.state, what) };
};
