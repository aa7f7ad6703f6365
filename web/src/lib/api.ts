import { createContext, useContext } from "react";
import { createLarderClient, type LarderClient, type LarderErrorResponse } from "../../../sdk/larder-client";
import type { TokenSource } from "./sign-in";

export type { components } from "../../../sdk/larder-client";

/** An error answer of the API, with its status and `error.code` (what the page shows and acts on). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The `data` of a typed client's answer, or an ApiError from its `error` (openapi-fetch never throws on
 * a 4xx/5xx; TanStack Query needs a thrown error to show and to roll back).
 */
export const unwrap = async <T>(
  call: Promise<{ data?: T; error?: LarderErrorResponse | unknown; response: Response }>,
): Promise<T> => {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) {
    const body = error as Partial<LarderErrorResponse> | undefined;
    throw new ApiError(
      response.status,
      body?.error?.code ?? `http_${response.status}`,
      body?.error?.message ?? response.statusText,
    );
  }
  return data;
};

/**
 * The typed client with the token each call carries: locally a fixed `dev:<tenant>` token; deployed, the
 * signed-in tab's ID token from its TokenSource, asked for before every call (it refreshes one about to
 * expire) and once more after a 401, when the call is sent again with the renewed token (a second 401 is
 * the answer). The token goes in the Authorization header only, never in a log or an error.
 */
export const clientFor = (
  apiUrl: string,
  token: string | TokenSource,
  send: (request: Request) => Promise<Response> = (request) => fetch(request),
): LarderClient => {
  const baseUrl = apiUrl || window.location.origin;
  if (typeof token === "string") return createLarderClient({ baseUrl, token });
  const withToken = (request: Request, value: string): Request => {
    const signed = new Request(request);
    signed.headers.set("authorization", `Bearer ${value}`);
    return signed;
  };
  return createLarderClient({
    baseUrl,
    fetch: async (request) => {
      // Kept unsent: a retry needs the body again.
      const spare = request.clone();
      const sent = await token.current();
      const response = await send(withToken(request, sent));
      if (response.status !== 401) return response;
      return send(withToken(spare, await token.renewed(sent)));
    },
  });
};

export type Session = {
  client: LarderClient;
  tenant: string;
  setTenant(tenant: string): void;
  /** Deployed only: ends the hosted UI's session (locally there is nothing to sign out of). */
  signOut?: () => void;
};

export const SessionContext = createContext<Session | undefined>(undefined);

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside the console's SessionContext");
  return session;
};

export const useClient = (): LarderClient => useSession().client;
