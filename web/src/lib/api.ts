import { createContext, useContext } from "react";
import { createLarderClient, type LarderClient, type LarderErrorResponse } from "../../../sdk/larder-client";

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

export const clientFor = (apiUrl: string, token: string): LarderClient =>
  createLarderClient({ baseUrl: apiUrl || window.location.origin, token });

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
