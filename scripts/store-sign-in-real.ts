/**
 * `npm run store:sign-in-real -- --pages DIR` (or LARDER_REAL_PAGES_DIR=DIR): the store tools' sign-in
 * code (functions/shop/adapters/store/browser/sign-in-page.ts, the very function a run uses) on the real
 * Auchan.pt pages saved in January 2026. DIR is a local clone of the public repository
 * raulfermoselle/ai-shopping-copilot; its `data/selectors/pages/login/snapshots` (the home page and the
 * login.auchan.pt page) are read at run time and never copied into this repository.
 *
 * Chromium opens the saved home page at https://www.auchan.pt/ and the saved login page at
 * https://login.auchan.pt/authorization (the header's Login link goes there, as the real site's redirect
 * does); every other request is refused, so nothing reaches the network. The code must tell the home
 * page is anonymous, find the account link, reach the form, fill `#uname1` and `#pwd1` and click
 * `#btnSubmit_login`. Offline, the page's own scripts (jQuery, Ajax4jsf from Salesforce) are not there, so
 * the click submits nothing: the code must then end, within its bound, with "needs a person", naming
 * the page. A made-up email and password are used; they are never sent anywhere. The store browser's host
 * list (functions/shop/adapters/store/store-sites.json) guards the context as in a run: the saved login
 * page must still reach its form with it, and what it refuses is printed.
 * Prints what it saw as JSON; exits 1 when a check fails, 2 when the pages are absent.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  pageIsSignedIn,
  SIGN_IN_SELECTORS,
  signInOnPage,
} from "../functions/shop/adapters/store/browser/sign-in-page";
import { launchChromium } from "../functions/shop/adapters/store/playwright";
import { isAllowedStoreRequest, storeSiteFor } from "../functions/shop/adapters/store/store-site";

const { values } = parseArgs({ options: { pages: { type: "string" } } });
const root = values.pages ?? process.env.LARDER_REAL_PAGES_DIR;
const SNAPSHOTS = "data/selectors/pages/login/snapshots";
if (!root || !existsSync(join(root, SNAPSHOTS))) {
  console.error(
    `No saved pages: pass --pages DIR (or LARDER_REAL_PAGES_DIR=DIR), DIR holding ${SNAPSHOTS} of ` +
      "raulfermoselle/ai-shopping-copilot (a local clone; never commit them).",
  );
  process.exit(2);
}
const saved = (prefix: string): string => {
  const file = readdirSync(join(root, SNAPSHOTS)).find((name) => name.startsWith(prefix));
  if (!file) {
    console.error(`No ${prefix}*.html in ${join(root, SNAPSHOTS)}`);
    process.exit(2);
  }
  return readFileSync(join(root, SNAPSHOTS, file), "utf8");
};
const homePage = saved("homepage-");
const loginPage = saved("login-page-");

const STORE = new URL("https://www.auchan.pt/");
const SITE = storeSiteFor(STORE);
const LOGIN = "https://login.auchan.pt/authorization?language=pt&startURL=%2Fpt";
const TIMEOUT_MS = 5_000;

const browser = await launchChromium(STORE, 30_000);
const checks: { check: string; ok: boolean; seen?: unknown }[] = [];
try {
  const context = await browser.newContext({ locale: "pt-PT" });
  const refused: string[] = [];
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === STORE.origin && (url.pathname === "/" || url.pathname === "/pt")) {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: homePage });
    }
    if (url.origin === STORE.origin && url.pathname.endsWith("/Login-OAuthLogin")) {
      // The real site answers with a redirect to the login page; Chromium sends a fulfilled redirect's
      // target to the network, not through this route, so the hop is played by a page that goes there.
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: `<script>location.replace(${JSON.stringify(LOGIN)})</script>`,
      });
    }
    if (url.origin === "https://login.auchan.pt" && url.pathname === "/authorization") {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: loginPage });
    }
    refused.push(url.origin);
    return route.abort("blockedbyclient");
  });
  // The store browser's host guard, as its contexts have it; routes added later are asked first.
  const outsideList: string[] = [];
  await context.route(
    (url) => !isAllowedStoreRequest(SITE, url),
    (route) => {
      outsideList.push(new URL(route.request().url()).host);
      return route.abort("blockedbyclient");
    },
  );
  const page = await context.newPage();
  await page.goto(STORE.href, { waitUntil: "domcontentloaded" });
  checks.push({ check: "the saved home page reads as anonymous", ok: !(await pageIsSignedIn(page)) });
  checks.push({
    check: "the header's account link is found",
    ok: (await page.locator(SIGN_IN_SELECTORS.accountLink).count()) > 0,
    seen: await page.locator(SIGN_IN_SELECTORS.accountLink).first().getAttribute("href"),
  });

  const email = "someone@example.com";
  const password = "not-a-real-password";
  const started = Date.now();
  const outcome = await signInOnPage(page, { email, password, timeoutMs: TIMEOUT_MS, site: SITE });
  const elapsedMs = Date.now() - started;
  checks.push({
    check: "the code reached the real login page",
    ok: new URL(page.url()).host === "login.auchan.pt",
    seen: page.url().split("?")[0],
  });
  checks.push({
    check: "the host list lets the store and its login through and refuses only other hosts",
    ok:
      outsideList.every((host) => !SITE.hosts.includes(host)) &&
      !refused.some((origin) => outsideList.includes(new URL(origin).host)),
    seen: { refusedByTheList: [...new Set(outsideList)].sort() },
  });
  checks.push({
    check: "#uname1 holds the email it typed",
    ok: (await page.inputValue(SIGN_IN_SELECTORS.email)) === email,
  });
  checks.push({
    check: "#pwd1 holds a password of the length it typed",
    ok: (await page.inputValue(SIGN_IN_SELECTORS.password)).length === password.length,
  });
  checks.push({
    check: "#btnSubmit_login is the type=button the code clicked",
    ok: (await page.getAttribute(SIGN_IN_SELECTORS.submit, "type")) === "button",
  });
  checks.push({
    check: "offline, no answer to the submit: needs a person, naming the page, within its bound",
    ok:
      outcome.kind === "needs_person" && /Aceda à sua conta/.test(outcome.seen) && elapsedMs < 3 * TIMEOUT_MS,
    seen: { outcome, elapsedMs },
  });
  console.log(
    JSON.stringify(
      { checks, refusedRequestsTo: [...new Set(refused)].sort(), passwordPrinted: false },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
}
process.exit(checks.every((check) => check.ok) ? 0 : 1);
