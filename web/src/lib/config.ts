/**
 * What the console reads at start from `config.json` beside its index.html: where the API is and how to
 * sign in. `npm start` serves it with the local API's address and `dev` tokens (`dev:<tenant>`); the
 * deployed stack writes it with the API's URL and the Cognito user pool's client.
 */
export type ConsoleConfig = {
  /** The API's base URL; empty for the console's own origin. */
  apiUrl: string;
  auth: { kind: "dev"; defaultTenant: string } | { kind: "cognito"; domain: string; clientId: string };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** Reads config.json; an answer of another shape is an error naming what is wrong, never a guess. */
export const loadConfig = async (base = import.meta.env.BASE_URL): Promise<ConsoleConfig> => {
  const response = await fetch(`${base}config.json`, { cache: "no-store" });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return parseConfig(await response.json());
};

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
    return { apiUrl: body.apiUrl, auth: { kind: "cognito", domain: auth.domain, clientId: auth.clientId } };
  }
  throw new Error("config.json: auth must be { kind: 'dev' } or { kind: 'cognito', domain, clientId }");
};
