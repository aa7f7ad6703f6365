import type { CognitoAuth } from "./config";
import { codeChallengeOf, createCodeVerifier, randomToken } from "./pkce";

/**
 * Sign-in to the deployed console with Cognito's hosted UI: OpenID Connect's authorization code flow with
 * PKCE, for a public client (no secret). The tokens stay in sessionStorage (this tab, until it closes);
 * the API's JWT authorizer takes the ID token, whose `aud` is the console's client and which carries the
 * user's `custom:tenant`.
 */
export type Tokens = { idToken: string; accessToken: string; expiresAt: number };

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
    const response = await env.fetch(`${auth.domain}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: auth.clientId,
        code,
        redirect_uri: redirectUri,
        code_verifier: pending.verifier,
      }).toString(),
    });
    if (!response.ok) throw new Error(`Sign-in failed: the token endpoint answered ${response.status}`);
    const body = (await response.json()) as { id_token?: string; access_token?: string; expires_in?: number };
    if (!body.id_token || !body.access_token) throw new Error("Sign-in failed: no tokens in the answer");
    const tokens: Tokens = {
      idToken: body.id_token,
      accessToken: body.access_token,
      expiresAt: env.now() + (body.expires_in ?? 3600) * 1000,
    };
    env.storage.setItem(TOKENS_KEY, JSON.stringify(tokens));
    env.replace(pending.returnTo);
    return tokens;
  }
  const kept = readJson<Tokens>(env.storage, TOKENS_KEY);
  if (kept && kept.expiresAt - EXPIRY_MARGIN_MS > env.now()) return kept;
  env.storage.removeItem(TOKENS_KEY);
  const verifier = createCodeVerifier();
  const state = randomToken(16);
  const pending: Pending = { state, verifier, returnTo: `${url.pathname}${url.search}${url.hash}` };
  env.storage.setItem(PENDING_KEY, JSON.stringify(pending));
  env.go(authorizeUrl(auth, { redirectUri, state, challenge: await codeChallengeOf(verifier) }));
  return undefined;
};

/** Forgets this tab's tokens and ends the hosted UI's session, which sends the person back here. */
export const signOut = (
  auth: CognitoAuth,
  env: Pick<SignInEnvironment, "storage" | "href" | "base" | "go">,
) => {
  env.storage.removeItem(TOKENS_KEY);
  env.go(logoutUrl(auth, redirectUriOf(new URL(env.href).origin, env.base)));
};

/** The browser's own environment. */
export const browserSignInEnvironment = (base: string): SignInEnvironment => ({
  storage: window.sessionStorage,
  href: window.location.href,
  base,
  now: () => Date.now(),
  fetch: window.fetch.bind(window),
  go: (url) => window.location.assign(url),
  replace: (path) => window.history.replaceState(null, "", path),
});
