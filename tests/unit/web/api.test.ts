import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, clientFor, unwrap } from "../../../web/src/lib/api";
import type { CognitoAuth } from "../../../web/src/lib/config";
import { type SignInEnvironment, type Tokens, tokenKeeper } from "../../../web/src/lib/sign-in";
import { memoryStorage } from "../../support/memory-storage";

const auth: CognitoAuth = {
  kind: "cognito",
  domain: "https://larder-sandbox-1.auth.eu-west-1.amazoncognito.com",
  clientId: "console-client",
};
const API = "https://api.example.test";
const START = 1_000_000;
const HOUR = 3_600_000;

/**
 * One fake network for both ends: the hosted UI's token endpoint (counted, answering id-2, id-3, … or a
 * refusal) and the API, which takes only the ID tokens listed in `accepted`.
 */
const fakeNetwork = (options: { accepted: string[]; refuseRefresh?: boolean }) => {
  let issued = 1;
  const refreshes: Record<string, string>[] = [];
  const apiCalls: { url: string; method: string; authorization: string | null; body: string }[] = [];
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = { held: false };
  const tokenEndpoint = vi.fn<typeof fetch>(async (_url, init) => {
    refreshes.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
    if (refreshGate.held) await new Promise<void>((resolve) => (releaseRefresh = resolve));
    if (options.refuseRefresh) return Response.json({ error: "invalid_grant" }, { status: 400 });
    issued += 1;
    return Response.json({ id_token: `id-${issued}`, access_token: `access-${issued}`, expires_in: 3600 });
  });
  const api = async (request: Request): Promise<Response> => {
    const authorization = request.headers.get("authorization");
    apiCalls.push({ url: request.url, method: request.method, authorization, body: await request.text() });
    const token = authorization?.replace(/^Bearer /, "") ?? "";
    return options.accepted.includes(token)
      ? Response.json({ items: [] })
      : Response.json({ message: "Unauthorized" }, { status: 401 });
  };
  return { tokenEndpoint, api, refreshes, apiCalls, refreshGate, release: () => releaseRefresh() };
};

const signedInTab = (network: ReturnType<typeof fakeNetwork>, tokens: Partial<Tokens> = {}) => {
  const clock = { now: START };
  const env: SignInEnvironment & { went: string[] } = {
    storage: memoryStorage(),
    href: "https://d111.cloudfront.net/console/shop/runs/r1",
    base: "/console/",
    now: () => clock.now,
    fetch: network.tokenEndpoint,
    went: [],
    go: (url) => env.went.push(url),
    replace: () => undefined,
  };
  const keeper = tokenKeeper(auth, env, {
    idToken: "id-1",
    accessToken: "access-1",
    refreshToken: "refresh-1",
    expiresAt: START + HOUR,
    ...tokens,
  });
  return { env, clock, client: clientFor(API, keeper, network.api) };
};

const listRuns = (client: ReturnType<typeof clientFor>) =>
  unwrap(client.GET("/shop/runs", { params: { query: { awaiting: "decisions" } } }));

describe("the deployed console's API client and its tokens", () => {
  const logged = [vi.spyOn(console, "log"), vi.spyOn(console, "info"), vi.spyOn(console, "warn")];
  const errors = vi.spyOn(console, "error");
  afterEach(() => {
    // No token, in any form, reaches the browser's console.
    const printed = JSON.stringify([...logged, errors].flatMap((spy) => spy.mock.calls));
    expect(printed).not.toMatch(/id-\d|access-\d|refresh-\d/);
    for (const spy of [...logged, errors]) spy.mockClear();
  });

  it("sends the ID token while it lasts, with no trip to the token endpoint", async () => {
    const network = fakeNetwork({ accepted: ["id-1"] });
    const { client } = signedInTab(network);
    await listRuns(client);
    expect(network.apiCalls.map((call) => call.authorization)).toEqual(["Bearer id-1"]);
    expect(network.tokenEndpoint).not.toHaveBeenCalled();
  });

  it("refreshes a token about to expire before the call, with the refresh token and the client's id", async () => {
    const network = fakeNetwork({ accepted: ["id-2"] });
    const { client, clock, env } = signedInTab(network);
    clock.now = START + HOUR - 30_000;
    await listRuns(client);
    expect(network.refreshes).toEqual([
      { grant_type: "refresh_token", client_id: "console-client", refresh_token: "refresh-1" },
    ]);
    expect(network.tokenEndpoint.mock.calls[0]?.[0]).toBe(`${auth.domain}/oauth2/token`);
    expect(network.apiCalls.map((call) => call.authorization)).toEqual(["Bearer id-2"]);
    // Kept as the sign-in keeps them: the next load of this tab starts with the new ones.
    expect(JSON.parse(env.storage.getItem("larder.signIn.tokens") ?? "{}")).toMatchObject({
      idToken: "id-2",
      refreshToken: "refresh-1",
    });
    await listRuns(client);
    expect(network.tokenEndpoint).toHaveBeenCalledTimes(1);
  });

  it("refreshes once on a 401 and sends the call again, body and all, with the new token", async () => {
    // The API no longer takes id-1 (revoked or the clocks disagree) although it has not expired here.
    const network = fakeNetwork({ accepted: ["id-2"] });
    const { client } = signedInTab(network);
    const { response } = await client.POST("/shop/runs/{runId}/decisions", {
      params: { path: { runId: "r1" } },
      body: { decisions: [{ originalProductId: "3392943", action: "reject" }] },
    });
    expect(response.status).toBe(200);
    expect(network.tokenEndpoint).toHaveBeenCalledTimes(1);
    expect(network.apiCalls.map((call) => [call.method, call.authorization])).toEqual([
      ["POST", "Bearer id-1"],
      ["POST", "Bearer id-2"],
    ]);
    expect(network.apiCalls[1]?.body).toBe(network.apiCalls[0]?.body);
    expect(JSON.parse(network.apiCalls[1]?.body ?? "{}")).toMatchObject({
      decisions: [{ action: "reject" }],
    });
  });

  it("retries only once: a second 401 is the answer", async () => {
    const network = fakeNetwork({ accepted: [] });
    const { client, env } = signedInTab(network);
    const failed = await listRuns(client).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(401);
    expect(network.apiCalls).toHaveLength(2);
    expect(network.tokenEndpoint).toHaveBeenCalledTimes(1);
    expect(env.went).toEqual([]);
  });

  it("shares one refresh among calls that race, before expiry and after a 401", async () => {
    const network = fakeNetwork({ accepted: ["id-2"] });
    const { client, clock } = signedInTab(network);
    clock.now = START + HOUR - 30_000;
    network.refreshGate.held = true;
    const calls = [listRuns(client), listRuns(client), listRuns(client)];
    await vi.waitFor(() => expect(network.tokenEndpoint).toHaveBeenCalledTimes(1));
    network.release();
    await Promise.all(calls);
    expect(network.tokenEndpoint).toHaveBeenCalledTimes(1);
    expect(network.apiCalls.map((call) => call.authorization)).toEqual(Array(3).fill("Bearer id-2"));

    // Three calls refused at once (the API no longer takes id-1): one refresh, each sent again with id-2.
    const later = fakeNetwork({ accepted: ["id-2"] });
    const tab = signedInTab(later);
    later.refreshGate.held = true;
    const refused = [listRuns(tab.client), listRuns(tab.client), listRuns(tab.client)];
    await vi.waitFor(() => expect(later.tokenEndpoint).toHaveBeenCalledTimes(1));
    later.release();
    await Promise.all(refused);
    expect(later.tokenEndpoint).toHaveBeenCalledTimes(1);
    expect(later.apiCalls.map((call) => call.authorization).sort()).toEqual([
      ...Array(3).fill("Bearer id-1"),
      ...Array(3).fill("Bearer id-2"),
    ]);
  });

  it("sends the person to the hosted UI, once, when the refresh fails, back to the page they are on", async () => {
    const network = fakeNetwork({ accepted: ["id-1"], refuseRefresh: true });
    const { client, clock, env } = signedInTab(network);
    clock.now = START + HOUR;
    const outcomes = await Promise.allSettled([listRuns(client), listRuns(client)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    const reason = String((outcomes[0] as PromiseRejectedResult).reason);
    expect(reason).toMatch(/signing in again/);
    expect(reason).not.toMatch(/refresh-1|id-1/);
    expect(network.apiCalls).toEqual([]);
    expect(env.went).toHaveLength(1);
    expect(env.went[0]).toMatch(new RegExp(`^${auth.domain}/oauth2/authorize\\?`));
    expect(JSON.parse(env.storage.getItem("larder.signIn.pending") ?? "{}")).toMatchObject({
      returnTo: "/console/shop/runs/r1",
    });
    expect(env.storage.getItem("larder.signIn.tokens")).toBeNull();
    // A later call does not start another trip.
    await expect(listRuns(client)).rejects.toThrow(/signing in again/);
    expect(env.went).toHaveLength(1);
  });

  it("goes to the hosted UI when a tab has no refresh token to use", async () => {
    const network = fakeNetwork({ accepted: ["id-1"] });
    const { client, clock, env } = signedInTab(network, { refreshToken: undefined });
    clock.now = START + HOUR;
    await expect(listRuns(client)).rejects.toThrow(/signing in again/);
    expect(network.tokenEndpoint).not.toHaveBeenCalled();
    expect(env.went).toHaveLength(1);
  });

  it("keeps the local dev token as it is: one fixed header, no refresh", async () => {
    const seen: (string | null)[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = vi.fn(async (request: Request) => {
      seen.push(request.headers.get("authorization"));
      return Response.json({ items: [] });
    }) as typeof fetch;
    try {
      await listRuns(clientFor(API, "dev:demo"));
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(["Bearer dev:demo"]);
  });
});
