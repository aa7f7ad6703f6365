import { z } from "zod";
import storeSitesData from "./store-sites.json";

/**
 * What a store's pages may reach and where its login is: per store origin, the origins whose pages may
 * receive the household's email and password, and the hosts the browser may request at all
 * (store-sites.json, taken from the saved real pages). A store not listed there (the simulated store on
 * loopback) is its own login and its own only host.
 */
export interface StoreSite {
  /** Origins (`https://login.auchan.pt`) on whose pages the sign-in may type the credentials. */
  loginOrigins: readonly string[];
  /** Hosts (`www.auchan.pt`) the store browser may request; every other request is aborted. */
  hosts: readonly string[];
}

const origin = z
  .string()
  .url()
  .refine((value) => new URL(value).origin === value, "an origin: scheme, host and port only");
const host = z.string().regex(/^[a-z0-9.-]+$/, "a host name in lower case");

export const storeSitesSchema = z
  .object({
    source: z.string().min(1),
    stores: z.array(
      z
        .object({
          origin,
          loginOrigins: z.array(origin).min(1),
          hosts: z.array(host).min(1),
          /** Hosts seen on the saved pages and refused, each with what it is. */
          refused: z.record(host, z.string().min(1)),
        })
        .strict()
        .superRefine((store, context) => {
          for (const login of [store.origin, ...store.loginOrigins]) {
            if (!store.hosts.includes(new URL(login).hostname)) {
              context.addIssue({ code: "custom", path: ["hosts"], message: `must include ${login}'s host` });
            }
          }
          for (const refused of Object.keys(store.refused)) {
            if (store.hosts.includes(refused)) {
              context.addIssue({ code: "custom", path: ["refused", refused], message: "also allowed" });
            }
          }
        }),
    ),
  })
  .strict();

const STORE_SITES = storeSitesSchema.parse(storeSitesData).stores;

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOST.test(hostname);

/** The store's site: its entry in store-sites.json, else its own origin and host alone. */
export const storeSiteFor = (storeUrl: URL): StoreSite => {
  const listed = STORE_SITES.find((store) => store.origin === storeUrl.origin);
  if (listed) return { loginOrigins: listed.loginOrigins, hosts: listed.hosts };
  return { loginOrigins: [storeUrl.origin], hosts: [storeUrl.hostname] };
};

/**
 * Whether a page at `url` may receive the credentials: its origin is one of the store's login origins,
 * over https (a loopback origin excepted: the simulated store on this machine).
 */
export const isLoginOrigin = (site: StoreSite, url: string): boolean => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!site.loginOrigins.includes(parsed.origin)) return false;
  return parsed.protocol === "https:" || (parsed.protocol === "http:" && isLoopbackHost(parsed.hostname));
};

/** Whether the store browser may request `url`: a web request to a host of the store's list (or data held in the page). */
export const isAllowedStoreRequest = (site: StoreSite, url: URL): boolean => {
  if (["data:", "blob:", "about:"].includes(url.protocol)) return true;
  return ["http:", "https:", "ws:", "wss:"].includes(url.protocol) && site.hosts.includes(url.hostname);
};
