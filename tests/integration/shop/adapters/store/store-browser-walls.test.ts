import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreBrowser } from "../../../../../functions/shop/adapters/store";
import type { PageSpec } from "../../../../../functions/shop/adapters/store/extraction/page-extraction";
import { createPlaywrightStoreBrowser } from "../../../../../functions/shop/adapters/store/playwright";
import { scaledTimeout } from "../../../../support/test-timeouts";

/**
 * The store browser as a run launches it (createPlaywrightStoreBrowser with its default launch, the
 * flags of launch-chromium.ts) keeps the same-origin policy: a script on the store's page cannot read
 * another origin that sends no CORS header. Two loopback servers on different ports are two origins; the
 * other one records every request, so the test shows the requests were made and only the wall stopped
 * the reads (with `--disable-web-security`, as @sparticuz/chromium ships, every read succeeds).
 */
const SECRET = "other-origin-secret-7f3a";
const OWN = "own-origin-text-41c2";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const listen = (handler: Handler): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer(handler);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let store: Server;
let other: Server;
let browser: StoreBrowser;
const otherRequests: string[] = [];

/** The store's page: reads its own origin (the control), then tries the other origin four ways. */
const storePage = (otherOrigin: string) => `<!doctype html><html><head><title>store</title></head><body>
<div id="result"></div>
<iframe id="frame" src="${otherOrigin}/frame"></iframe>
<script>
const result = document.getElementById("result");
const note = (name, value) => result.setAttribute("data-" + name, String(value).slice(0, 200));
const syncRead = (url) => {
  try { const xhr = new XMLHttpRequest(); xhr.open("GET", url, false); xhr.send(); return "read:" + xhr.responseText; }
  catch (error) { return "blocked:" + error.name; }
};
note("own", syncRead("/own"));
note("xhr", syncRead("${otherOrigin}/secret?via=xhr"));
const fetchRead = (init) => fetch("${otherOrigin}/secret?via=" + init.mode, init)
  .then((response) => response.text().then((text) => "read:" + response.type + ":" + text))
  .catch((error) => "blocked:" + error.name);
const frameRead = new Promise((resolve) => {
  const frame = document.getElementById("frame");
  const read = () => {
    try { resolve("read:" + frame.contentWindow.document.body.innerText); }
    catch (error) { resolve("blocked:" + error.name); }
  };
  frame.addEventListener("load", read);
});
Promise.all([fetchRead({ mode: "cors" }), fetchRead({ mode: "no-cors" }), frameRead]).then(([cors, noCors, frame]) => {
  note("fetch", cors);
  note("opaque", noCors);
  note("frame", frame);
  const done = document.createElement("div");
  done.id = "done";
  document.body.append(done);
});
</script></body></html>`;

const at = (name: string) => [{ selector: "#result", attribute: `data-${name}` }];
const spec: PageSpec = {
  page: "walls",
  version: "2026-12",
  ready: ["#done"],
  empty: [],
  values: { own: at("own"), xhr: at("xhr"), fetch: at("fetch"), opaque: at("opaque"), frame: at("frame") },
  lists: {},
};

beforeAll(async () => {
  other = await listen((request, response) => {
    otherRequests.push(request.url ?? "");
    // No Access-Control-Allow-Origin: the browser must not hand the body to another origin's script.
    response.writeHead(200, { "content-type": request.url === "/frame" ? "text/html" : "text/plain" });
    response.end(request.url === "/frame" ? `<body>${SECRET}</body>` : SECRET);
  });
  store = await listen((request, response) => {
    if (request.url === "/own") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(OWN);
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(storePage(originOf(other)));
  });
  browser = createPlaywrightStoreBrowser({
    storeUrl: new URL(originOf(store)),
    timeoutMs: scaledTimeout(10_000),
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => store?.close(resolve));
  await new Promise((resolve) => other?.close(resolve));
});

describe("the store browser keeps the web's walls", () => {
  it("lets a store page's script read its own origin but not another origin that sends no CORS header", async () => {
    const session = await browser.openSession({ cookies: [] });
    try {
      const page = await session.readPage(`${originOf(store)}/pt`, spec);
      const read = Object.fromEntries(Object.entries(page.values).map(([name, [value]]) => [name, value]));
      expect(read.own).toBe(`read:${OWN}`);
      expect(read.xhr).toMatch(/^blocked:/);
      expect(read.fetch).toMatch(/^blocked:TypeError/);
      // A no-cors fetch is allowed to go out, but its answer is opaque: no status, no body.
      expect(read.opaque).toBe("read:opaque:");
      expect(read.frame).toMatch(/^blocked:SecurityError/);
      expect(JSON.stringify(page.values)).not.toContain(SECRET);
      // The requests did reach the other origin: the same-origin policy, not routing, kept the answers.
      expect(otherRequests).toEqual(
        expect.arrayContaining(["/frame", "/secret?via=xhr", "/secret?via=cors", "/secret?via=no-cors"]),
      );
    } finally {
      await session.close();
    }
  });
});
