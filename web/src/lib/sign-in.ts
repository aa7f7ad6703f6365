import type { CognitoAuth } from "./config";
import { codeChallengeOf, createCodeVerifier, randomToken } from "./pkce";

/**
 * Sign-in to the deployed console with Cognito's hosted UI: OpenID Connect's authorization code flow with
 * PKCE, for a public client (no secret). The tokens stay in sessionStorage (this tab, until it closes);
 * the API's JWT authorizer takes the ID token, whose `aud` is the console's client and which carries the
 * user's `custom:tenant`. Before the ID token's hour is up, the refresh token gets new ones from the token
 * endpoint (tokenKeeper); the hosted UI is visited again only when that fails.
 *
 * The refresh token is kept in sessionStorage with the others. It is readable by this page's scripts only,
 * scoped to this tab and dropped when the tab closes or the person signs out (which also revokes it): an
 * injected script able to read it could as well call the API with the ID token the page holds, so keeping
 * it in memory only would add no protection, just a trip through the hosted UI on every reload.
 * localStorage (every tab, never cleared) is not used for any token.
 */
export type Tokens = { idToken: string; accessToken: string; expiresAt: number; refreshToken?: string };

const PENDING_KEY = "larder.signIn.pending";
const TOKENS_KEY = "larder.signIn.tokens";
/** Tokens this close to their end are not used: a call made with them could arrive expired. */
const EXPIRY_MARGIN_MS = 60_000;

/** Where the hosted UI sends the person back: the console's root, the only URL its client accepts. */
export const redirectUriOf = (origin: string, base: string): string => `${origin}${base}`;

export const authorizeUrl = (
  auth: CognitoAuth,
  request: { redirectUri: string; state: string; challenge: string },
): string =>
  `${auth.domain}/oauth2/authorize?${new URLSearchParams({
    response_type: "code",
    client_id: auth.clientId,
    redirect_uri: request.redirectUri,
    scope: "openid email",
    state: request.state,
    code_challenge: request.challenge,
    code_challenge_method: "S256",
  })}`;

export const logoutUrl = (auth: CognitoAuth, redirectUri: string): string =>
  `${auth.domain}/logout?${new URLSearchParams({ client_id: auth.clientId, logout_uri: redirectUri })}`;

/** A JWT's claims, read without checking the signature (the API checks it): for showing the tenant. */
export const claimsOf = (jwt: string): Record<string, unknown> => {
  const payload = jwt.split(".")[1];
  if (!payload) throw new Error("not a JWT");
  const binary = atob(payload.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
};

export const tenantOf = (idToken: string): string => {
  const claims = claimsOf(idToken);
  const tenant = claims["custom:tenant"] ?? claims.tenant;
  if (typeof tenant !== "string" || tenant === "") throw new Error("Your account has no tenant yet");
  return tenant;
};

type Pending = { state: string; verifier: string; returnTo: string };

const readJson = <T>(storage: Storage, key: string): T | undefined => {
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
};

export interface SignInEnvironment {
  storage: Storage;
  /** The page's URL now. */
  href: string;
  /** The console's base path (`/console/`). */
  base: string;
  now: () => number;
  fetch: typeof fetch;
  /** Leaves for the hosted UI. */
  go: (url: string) => void;
  /** Puts the page back at `path` without the code in the URL. */
  replace: (path: string) => void;
}

/**
 * The tokens of this tab: kept ones while they last; after the hosted UI's redirect, the code exchanged
 * for tokens (when the state matches the one this tab sent); otherwise the page leaves for the hosted
 * UI and this resolves to undefined.
 */
export const signIn = async (auth: CognitoAuth, env: SignInEnvironment): Promise<Tokens | undefined> => {
  const url = new URL(env.href);
  const redirectUri = redirectUriOf(url.origin, env.base);
  const error = url.searchParams.get("error");
  if (error) {
    env.storage.removeItem(PENDING_KEY);
    throw new Error(`Sign-in failed: ${url.searchParams.get("error_description") ?? error}`);
  }
  const code = url.searchParams.get("code");
  if (code) {
    const pending = readJson<Pending>(env.storage, PENDING_KEY);
    env.storage.removeItem(PENDING_KEY);
    if (!pending || pending.state !== url.searchParams.get("state")) {
      throw new Error("This sign-in answer was not asked for by this tab; open the console again");
    }
    const response = await postToTokenEndpoint(auth, env, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: pending.verifier,
    });
    const tokens = await keptTokensOf(response, env, undefined);
    env.replace(pending.returnTo);
    return tokens;
  }
  const kept = readJson<Tokens>(env.storage, TOKENS_KEY);
  if (kept && !expiresSoon(kept, env.now())) return kept;
  if (kept?.refreshToken) {
    try {
      return await refreshTokens(auth, env, kept.refreshToken);
    } catch {
      // The refresh token expired or was revoked: the hosted UI below.
    }
  }
  return goToSignIn(auth, env);
};

const expiresSoon = (tokens: Tokens, now: number): boolean => tokens.expiresAt - EXPIRY_MARGIN_MS <= now;

/**
 * The token endpoint's answer kept in this tab's storage. A refresh answers no refresh token (Cognito
 * reuses it unless rotation is on): the one sent is kept then.
 */
const keptTokensOf = async (
  response: Response,
  env: Pick<SignInEnvironment, "storage" | "now">,
  refreshToken: string | undefined,
): Promise<Tokens> => {
  if (!response.ok) throw new Error(`Sign-in failed: the token endpoint answered ${response.status}`);
  const body = (await response.json()) as {
    id_token?: string;
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
  };
  if (!body.id_token || !body.access_token) throw new Error("Sign-in failed: no tokens in the answer");
  const kept = body.refresh_token ?? refreshToken;
  const tokens: Tokens = {
    idToken: body.id_token,
    accessToken: body.access_token,
    expiresAt: env.now() + (body.expires_in ?? 3600) * 1000,
    ...(kept ? { refreshToken: kept } : {}),
  };
  env.storage.setItem(TOKENS_KEY, JSON.stringify(tokens));
  return tokens;
};

/** A form POST to the hosted UI's token endpoint as the public client (its id, no secret). */
const postToTokenEndpoint = (
  auth: CognitoAuth,
  env: Pick<SignInEnvironment, "fetch">,
  form: Record<string, string>,
): Promise<Response> =>
  env.fetch(`${auth.domain}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form, client_id: auth.clientId }).toString(),
  });

/** New ID and access tokens for a refresh token (a public client: its id, no secret), kept in the tab. */
export const refreshTokens = async (
  auth: CognitoAuth,
  env: Pick<SignInEnvironment, "storage" | "now" | "fetch">,
  refreshToken: string,
): Promise<Tokens> => {
  const response = await postToTokenEndpoint(auth, env, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
  });
  return keptTokensOf(response, env, refreshToken);
};

/** Forgets this tab's tokens and leaves for the hosted UI, coming back to the page it is on. */
const goToSignIn = async (auth: CognitoAuth, env: SignInEnvironment): Promise<undefined> => {
  const url = new URL(env.href);
  const redirectUri = redirectUriOf(url.origin, env.base);
  env.storage.removeItem(TOKENS_KEY);
  const verifier = createCodeVerifier();
  const state = randomToken(16);
  const pending: Pending = { state, verifier, returnTo: `${url.pathname}${url.search}${url.hash}` };
  env.storage.setItem(PENDING_KEY, JSON.stringify(pending));
  env.go(authorizeUrl(auth, { redirectUri, state, challenge: await codeChallengeOf(verifier) }));
  return undefined;
};

/** What the API client asks for the token it sends (web/src/lib/api.ts). */
export interface TokenSource {
  /** The ID token to send now: refreshed first when it is about to expire. */
  current(): Promise<string>;
  /** After the API refused `refused` (a 401): a refreshed token, or the current one if already newer. */
  renewed(refused: string): Promise<string>;
}

/**
 * The signed-in tab's tokens for the API client: refreshed with the refresh token before they expire
 * and once after a 401, one refresh at a time however many calls race (they share its promise). When
 * the refresh fails (or there is no refresh token), the page leaves for the hosted UI and the call fails.
 */
export const tokenKeeper = (auth: CognitoAuth, env: SignInEnvironment, initial: Tokens): TokenSource => {
  let tokens = initial;
  let refreshing: Promise<Tokens> | undefined;
  let leaving = false;
  const ended = () => new Error("Your session has ended; signing in again");
  const refresh = (): Promise<Tokens> => {
    if (leaving) return Promise.reject(ended());
    refreshing ??= (async () => {
      try {
        if (!tokens.refreshToken) throw ended();
        tokens = await refreshTokens(auth, env, tokens.refreshToken);
        return tokens;
      } catch {
        // Once: the calls that wait on this refresh, or come after it, fail without a second trip.
        leaving = true;
        await goToSignIn(auth, env);
        throw ended();
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };
  return {
    current: async () => (expiresSoon(tokens, env.now()) ? (await refresh()).idToken : tokens.idToken),
    renewed: async (refused) => (tokens.idToken !== refused ? tokens.idToken : (await refresh()).idToken),
  };
};

/**
 * Forgets this tab's tokens, revokes the refresh token (so a copy of it is worth nothing) and ends the
 * hosted UI's session, which sends the person back here.
 */
export const signOut = (
  auth: CognitoAuth,
  env: Pick<SignInEnvironment, "storage" | "href" | "base" | "go" | "fetch">,
) => {
  const refreshToken = readJson<Tokens>(env.storage, TOKENS_KEY)?.refreshToken;
  env.storage.removeItem(TOKENS_KEY);
  if (refreshToken) {
    // Sent as the page leaves (keepalive); a failure leaves the token to expire on its own.
    env
      .fetch(`${auth.domain}/oauth2/revoke`, {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: refreshToken, client_id: auth.clientId }).toString(),
      })
      .catch(() => undefined);
  }
  env.go(logoutUrl(auth, redirectUriOf(new URL(env.href).origin, env.base)));
};

/** The browser's own environment. */
export const browserSignInEnvironment = (base: string): SignInEnvironment => ({
  storage: window.sessionStorage,
  // Read when asked: a refresh that fails later sends the person back to the page they are on then.
  get href() {
    return window.location.href;
  },
  base,
  now: () => Date.now(),
  fetch: window.fetch.bind(window),
  go: (url) => window.location.assign(url),
  replace: (path) => window.history.replaceState(null, "", path),
});
