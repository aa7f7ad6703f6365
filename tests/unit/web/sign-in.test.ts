import { describe, expect, it, vi } from "vitest";
import type { CognitoAuth } from "../../../web/src/lib/config";
import { codeChallengeOf } from "../../../web/src/lib/pkce";
import { type SignInEnvironment, signIn, signOut, tenantOf } from "../../../web/src/lib/sign-in";
import { memoryStorage } from "../../support/memory-storage";

const auth: CognitoAuth = {
  kind: "cognito",
  domain: "https://larder-sandbox-1.auth.eu-west-1.amazoncognito.com",
  clientId: "console-client",
};

const jwt = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

const environment = (href: string, storage = memoryStorage(), fetch = vi.fn<typeof globalThis.fetch>()) => {
  const env: SignInEnvironment & { went: string[]; replaced: string[] } = {
    storage,
    href,
    base: "/console/",
    now: () => 1_000_000,
    fetch,
    went: [],
    replaced: [],
    go: (url) => env.went.push(url),
    replace: (path) => env.replaced.push(path),
  };
  return env;
};

describe("signing in to the deployed console", () => {
  it("sends a tab without tokens to the hosted UI with an S256 challenge of the verifier it keeps", async () => {
    const env = environment("https://d111.cloudfront.net/console/shop/runs/r1?tab=2");
    expect(await signIn(auth, env)).toBeUndefined();
    expect(env.went).toHaveLength(1);
    const url = new URL(env.went[0] ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`${auth.domain}/oauth2/authorize`);
    const pending = JSON.parse(env.storage.getItem("larder.signIn.pending") ?? "{}") as {
      state: string;
      verifier: string;
      returnTo: string;
    };
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "console-client",
      redirect_uri: "https://d111.cloudfront.net/console/",
      scope: "openid email",
      state: pending.state,
      code_challenge: await codeChallengeOf(pending.verifier),
      code_challenge_method: "S256",
    });
    expect(pending.returnTo).toBe("/console/shop/runs/r1?tab=2");
  });

  it("exchanges the code with the verifier, keeps the tokens in the tab and returns to the page it left", async () => {
    const storage = memoryStorage();
    storage.setItem(
      "larder.signIn.pending",
      JSON.stringify({ state: "s1", verifier: "v".repeat(43), returnTo: "/console/negotiations/n1" }),
    );
    const idToken = jwt({ "custom:tenant": "shop-7", aud: "console-client" });
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ id_token: idToken, access_token: "access", expires_in: 3600 }),
    );
    const env = environment("https://d111.cloudfront.net/console/?code=c0de&state=s1", storage, fetch);
    const tokens = await signIn(auth, env);
    expect(tokens).toEqual({ idToken, accessToken: "access", expiresAt: 1_000_000 + 3_600_000 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${auth.domain}/oauth2/token`);
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: "authorization_code",
      client_id: "console-client",
      code: "c0de",
      redirect_uri: "https://d111.cloudfront.net/console/",
      code_verifier: "v".repeat(43),
    });
    expect(env.replaced).toEqual(["/console/negotiations/n1"]);
    expect(storage.getItem("larder.signIn.pending")).toBeNull();
    expect(tenantOf(idToken)).toBe("shop-7");

    // The next load in this tab uses the kept tokens: no trip to the hosted UI.
    const again = environment("https://d111.cloudfront.net/console/", storage);
    expect(await signIn(auth, again)).toEqual(tokens);
    expect(again.went).toEqual([]);
  });

  it("refuses an answer whose state this tab did not send, and a hosted UI error, with a message", async () => {
    const storage = memoryStorage();
    storage.setItem("larder.signIn.pending", JSON.stringify({ state: "mine", verifier: "v", returnTo: "/" }));
    const fetch = vi.fn<typeof globalThis.fetch>();
    await expect(
      signIn(auth, environment("https://d111.cloudfront.net/console/?code=c&state=theirs", storage, fetch)),
    ).rejects.toThrow(/not asked for by this tab/);
    expect(fetch).not.toHaveBeenCalled();
    await expect(
      signIn(
        auth,
        environment(
          "https://d111.cloudfront.net/console/?error=access_denied&error_description=User+is+disabled",
        ),
      ),
    ).rejects.toThrow("Sign-in failed: User is disabled");
  });

  it("goes back to the hosted UI when the kept tokens are about to expire", async () => {
    const storage = memoryStorage();
    storage.setItem(
      "larder.signIn.tokens",
      JSON.stringify({ idToken: "i", accessToken: "a", expiresAt: 1_000_000 + 30_000 }),
    );
    const env = environment("https://d111.cloudfront.net/console/", storage);
    expect(await signIn(auth, env)).toBeUndefined();
    expect(env.went[0]).toMatch(/\/oauth2\/authorize\?/);
  });

  it("keeps the refresh token of the code exchange and, when the kept tokens expire, refreshes them instead of leaving", async () => {
    const storage = memoryStorage();
    storage.setItem(
      "larder.signIn.pending",
      JSON.stringify({ state: "s1", verifier: "v", returnTo: "/console/" }),
    );
    const first = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({
        id_token: "id-1",
        access_token: "access-1",
        refresh_token: "refresh-1",
        expires_in: 3600,
      }),
    );
    const signedIn = await signIn(
      auth,
      environment("https://d111.cloudfront.net/console/?code=c&state=s1", storage, first),
    );
    expect(signedIn?.refreshToken).toBe("refresh-1");

    // An hour later (less the margin) the next load refreshes: a public client sends its id, no secret.
    const refresh = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ id_token: "id-2", access_token: "access-2", expires_in: 3600 }),
    );
    const later = { ...environment("https://d111.cloudfront.net/console/plans", storage, refresh) };
    later.now = () => 1_000_000 + 3_600_000 - 30_000;
    const tokens = await signIn(auth, later);
    expect(later.went).toEqual([]);
    expect(tokens).toEqual({
      idToken: "id-2",
      accessToken: "access-2",
      refreshToken: "refresh-1",
      expiresAt: later.now() + 3_600_000,
    });
    const [url, init] = refresh.mock.calls[0] ?? [];
    expect(url).toBe(`${auth.domain}/oauth2/token`);
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: "refresh_token",
      client_id: "console-client",
      refresh_token: "refresh-1",
    });
    expect(JSON.parse(storage.getItem("larder.signIn.tokens") ?? "{}")).toEqual(tokens);
  });

  it("goes to the hosted UI when the kept refresh token is refused", async () => {
    const storage = memoryStorage();
    storage.setItem(
      "larder.signIn.tokens",
      JSON.stringify({ idToken: "i", accessToken: "a", refreshToken: "revoked", expiresAt: 1_000_000 }),
    );
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ error: "invalid_grant" }, { status: 400 }),
    );
    const env = environment("https://d111.cloudfront.net/console/", storage, fetch);
    expect(await signIn(auth, env)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(env.went[0]).toMatch(/\/oauth2\/authorize\?/);
    expect(storage.getItem("larder.signIn.tokens")).toBeNull();
  });

  it("signs out by forgetting the tokens and ending the hosted UI's session, back to the console", () => {
    const storage = memoryStorage();
    storage.setItem("larder.signIn.tokens", "{}");
    const env = environment("https://d111.cloudfront.net/console/plans", storage);
    signOut(auth, env);
    expect(storage.getItem("larder.signIn.tokens")).toBeNull();
    expect(env.fetch).not.toHaveBeenCalled();
    expect(env.went).toEqual([
      `${auth.domain}/logout?client_id=console-client&logout_uri=${encodeURIComponent("https://d111.cloudfront.net/console/")}`,
    ]);
  });

  it("revokes the refresh token on sign-out, so a copy of it cannot get new tokens", () => {
    const storage = memoryStorage();
    storage.setItem(
      "larder.signIn.tokens",
      JSON.stringify({ idToken: "i", accessToken: "a", refreshToken: "refresh-1", expiresAt: 2_000_000 }),
    );
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }));
    const env = environment("https://d111.cloudfront.net/console/", storage, fetch);
    signOut(auth, env);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${auth.domain}/oauth2/revoke`);
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      token: "refresh-1",
      client_id: "console-client",
    });
    expect(storage.getItem("larder.signIn.tokens")).toBeNull();
    expect(env.went[0]).toMatch(/\/logout\?/);
  });

  it("names a token without a tenant instead of guessing one", () => {
    expect(() => tenantOf(jwt({ sub: "u1" }))).toThrow(/no tenant/);
  });
});
