import { describe, expect, it } from "vitest";
import {
  isAllowedStoreRequest,
  isLoginOrigin,
  storeSiteFor,
  storeSitesSchema,
} from "../../../../../functions/shop/adapters/store/store-site";
import storeSitesData from "../../../../../functions/shop/adapters/store/store-sites.json";
import savedRequests from "../../../../fixtures/store/auchan-pt-sign-in-requests.json";

const AUCHAN = storeSiteFor(new URL("https://www.auchan.pt"));

describe("store-sites.json", () => {
  it("matches its schema: origins, hosts that include every login origin's, refused hosts with a reason", () => {
    expect(storeSitesSchema.safeParse(storeSitesData).success).toBe(true);
  });

  it("refuses a list whose hosts leave out a login origin, or that allows a host it also refuses", () => {
    const store = storeSitesData.stores[0];
    const broken = (change: object) =>
      storeSitesSchema.safeParse({ ...storeSitesData, stores: [{ ...store, ...change }] }).success;
    expect(broken({ hosts: ["www.auchan.pt"] })).toBe(false);
    expect(broken({ refused: { "www.auchan.pt": "the store" } })).toBe(false);
    expect(broken({ loginOrigins: ["https://login.auchan.pt/authorization"] })).toBe(false);
  });
});

describe("storeSiteFor", () => {
  it("names Auchan.pt's login origins and hosts", () => {
    expect(AUCHAN.loginOrigins).toEqual(["https://login.auchan.pt", "https://www.auchan.pt"]);
    expect(AUCHAN.hosts).toEqual(["www.auchan.pt", "login.auchan.pt"]);
  });

  it("makes any other store (the simulated one on loopback) its own login and only host", () => {
    expect(storeSiteFor(new URL("http://127.0.0.1:3001/"))).toEqual({
      loginOrigins: ["http://127.0.0.1:3001"],
      hosts: ["127.0.0.1"],
    });
  });
});

describe("isLoginOrigin", () => {
  it("is a login origin over https, and a loopback store's own origin over http", () => {
    expect(isLoginOrigin(AUCHAN, "https://login.auchan.pt/authorization?startURL=%2Fpt")).toBe(true);
    expect(isLoginOrigin(AUCHAN, "https://www.auchan.pt/pt")).toBe(true);
    const local = storeSiteFor(new URL("http://127.0.0.1:3001"));
    expect(isLoginOrigin(local, "http://127.0.0.1:3001/login")).toBe(true);
  });

  it("is nothing else: another host or port, plain http, a look-alike, not a URL", () => {
    expect(isLoginOrigin(AUCHAN, "http://login.auchan.pt/authorization")).toBe(false);
    expect(isLoginOrigin(AUCHAN, "https://login.auchan.pt.example.com/")).toBe(false);
    expect(isLoginOrigin(AUCHAN, "https://login.auchan.pt:8443/")).toBe(false);
    expect(isLoginOrigin(AUCHAN, "https://auchan.pt/")).toBe(false);
    expect(isLoginOrigin(AUCHAN, "about:blank")).toBe(false);
    expect(isLoginOrigin(AUCHAN, "not a url")).toBe(false);
    const local = storeSiteFor(new URL("http://127.0.0.1:3001"));
    expect(isLoginOrigin(local, "http://127.0.0.1:3002/login")).toBe(false);
    expect(isLoginOrigin(local, "http://localhost:3001/login")).toBe(false);
    // A non-loopback store over plain http is never a place to type a password.
    expect(isLoginOrigin(storeSiteFor(new URL("http://shop.example")), "http://shop.example/login")).toBe(
      false,
    );
  });
});

describe("isAllowedStoreRequest", () => {
  it("lets through the store's hosts and data held in the page, and nothing else", () => {
    expect(isAllowedStoreRequest(AUCHAN, new URL("https://www.auchan.pt/pt/pesquisa?q=leite"))).toBe(true);
    expect(isAllowedStoreRequest(AUCHAN, new URL("data:text/plain,x"))).toBe(true);
    expect(isAllowedStoreRequest(AUCHAN, new URL("https://www.googletagmanager.com/gtm.js"))).toBe(false);
    expect(isAllowedStoreRequest(AUCHAN, new URL("http://127.0.0.1:9001/2018-06-01/runtime"))).toBe(false);
    expect(isAllowedStoreRequest(AUCHAN, new URL("file:///etc/passwd"))).toBe(false);
  });

  // The saved real pages (raulfermoselle/ai-shopping-copilot) cannot be committed: their few facts that
  // matter here, the URLs their scripts, stylesheets, frames and forms name, are a fixture written from
  // them. `npm run store:sign-in-real` runs the sign-in itself on the pages when they are at hand.
  it("lets the saved real login page load whole and post its form, and the home page reach the login", () => {
    const urlOf = (line: string) => new URL(line.split(" ")[1] ?? "");
    for (const line of savedRequests.loginPage.filter((entry) => entry.includes("login.auchan.pt"))) {
      expect(isAllowedStoreRequest(AUCHAN, urlOf(line))).toBe(true);
    }
    expect(savedRequests.loginPage).toContain("form https://login.auchan.pt/ARCD_CIAM_Login");
    const storeOwn = savedRequests.homePage.filter((entry) => urlOf(entry).host === "www.auchan.pt");
    expect(storeOwn.length).toBeGreaterThan(20);
    for (const line of storeOwn) expect(isAllowedStoreRequest(AUCHAN, urlOf(line))).toBe(true);
  });

  it("refuses every other host the saved pages name, each one listed with what it is", () => {
    const refused = storeSitesData.stores[0]?.refused ?? {};
    for (const line of [...savedRequests.homePage, ...savedRequests.loginPage]) {
      const url = new URL(line.split(" ")[1] ?? "");
      if (AUCHAN.hosts.includes(url.host)) continue;
      expect(isAllowedStoreRequest(AUCHAN, url)).toBe(false);
      expect(Object.keys(refused)).toContain(url.host);
    }
  });
});
