/**
 * What the console reads at start from `config.json` beside its index.html: where the API is and how to
 * sign in. `npm start` serves it with the local API's address and `dev` tokens (`dev:<tenant>`); the
 * deployed stack (lib/constructs/larder-console.ts) writes it with the API's URL and the Cognito user
 * pool's hosted UI and console client. No config.json at all (a 404) is the local default: this origin's
 * API with dev tokens as `demo`.
 */
export type CognitoAuth = {
  kind: "cognito";
  /** The hosted UI's base URL, `https://<prefix>.auth.<region>.amazoncognito.com`. */
  domain: string;
  clientId: string;
  userPoolId?: string;
  region?: string;
};

export type ConsoleConfig = {
  /** The API's base URL; empty for the console's own origin. */
  apiUrl: string;
  auth: { kind: "dev"; defaultTenant: string } | CognitoAuth;
};

export const LOCAL_DEFAULT_CONFIG: ConsoleConfig = {
  apiUrl: "",
  auth: { kind: "dev", defaultTenant: "demo" },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** Reads config.json; an answer of another shape is an error naming what is wrong, never a guess. */
export const loadConfig = async (
  base = import.meta.env.BASE_URL,
  fetchConfig: typeof fetch = fetch,
): Promise<ConsoleConfig> => {
  const response = await fetchConfig(`${base}config.json`, { cache: "no-store" });
  if (response.status === 404) return LOCAL_DEFAULT_CONFIG;
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return parseConfig(await response.json());
};

const optionalText = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export const parseConfig = (body: unknown): ConsoleConfig => {
  if (!isRecord(body) || typeof body.apiUrl !== "string") throw new Error("config.json: apiUrl is missing");
  const auth = body.auth;
  if (isRecord(auth) && auth.kind === "dev") {
    return {
      apiUrl: body.apiUrl,
      auth: {
        kind: "dev",
        defaultTenant: typeof auth.defaultTenant === "string" ? auth.defaultTenant : "demo",
      },
    };
  }
  if (
    isRecord(auth) &&
    auth.kind === "cognito" &&
    typeof auth.domain === "string" &&
    typeof auth.clientId === "string"
  ) {
    const userPoolId = optionalText(auth.userPoolId);
    const region = optionalText(auth.region);
    return {
      apiUrl: body.apiUrl,
      auth: {
        kind: "cognito",
        domain: auth.domain.replace(/\/+$/, ""),
        clientId: auth.clientId,
        ...(userPoolId ? { userPoolId } : {}),
        ...(region ? { region } : {}),
      },
    };
  }
  throw new Error("config.json: auth must be { kind: 'dev' } or { kind: 'cognito', domain, clientId }");
};
