import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { serve } from "@hono/node-server";
import { type Catalog, loadCatalog } from "./catalog";
import { demoHouseholdSeed } from "./demo-household";
import { type HouseholdSeed, type HouseholdState, HouseholdStates } from "./household-states";
import type { StoreLayout } from "./layout-variants";
import { createSimulatedStoreApp } from "./simulated-store-app";
import { StoreAccounts } from "./store-accounts";
import { StoreCatalogIndex } from "./store-catalog-index";

export interface SimulatedStoreOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback by default: the store is for this machine only. */
  host?: string;
  /** The store's clock, for deterministic delivery slots in tests. */
  now?: () => Date;
  /** The catalog it sells; catalog/*.json by default (a benchmark marks more products unavailable). */
  catalog?: Catalog;
  /**
   * A JSON file that keeps every household's cart and orders between starts (`npm start`'s data folder):
   * read at start when it exists, rewritten after each request that may change them. In memory when absent.
   */
  stateFile?: string;
}

export interface SimulatedStore {
  /** `http://127.0.0.1:<port>`: what STORE_URL should be. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Forgets every household's cart and orders, restores the current layout and answers at once. */
  reset(): void;
  /** Replaces a household's cart and order history (the same as PUT /__test/households/{id}). */
  seedHousehold(householdId: string, seed: HouseholdSeed): HouseholdState;
  /** A household's state as the store holds it (carts, orders, booking and checkout attempts). */
  householdState(householdId: string): HouseholdState;
  /** Serves the current pages or a "redesigned" variant whose selectors no longer match. */
  setLayout(layout: StoreLayout): void;
  /** Makes the store wait `ms` before answering each page or endpoint (0 restores prompt answers). */
  setResponseDelay(ms: number): void;
  /** Seeds the demo household (catalog/demo-household.json) and returns its id ("demo"). */
  seedDemoHousehold(): string;
  /** The accounts it knows (register one per test household), their sessions and sign-in counts. */
  accounts: StoreAccounts;
  /** True when the households came from `stateFile` (an earlier start's carts and orders). */
  restored: boolean;
}

/** Starts the simulated Auchan.pt (used by `npm start`, the store tests and the benchmarks). */
export const startSimulatedStore = async (options: SimulatedStoreOptions = {}): Promise<SimulatedStore> => {
  const catalog = new StoreCatalogIndex(options.catalog ?? loadCatalog());
  const households = new HouseholdStates(catalog);
  const layout: { current: StoreLayout } = { current: "current" };
  const responseDelay = { ms: 0 };
  const accounts = new StoreAccounts();
  const now = options.now ?? (() => new Date());
  const app = createSimulatedStoreApp({ catalog, households, now, layout, responseDelay, accounts });
  const { stateFile } = options;
  const kept = stateFile ? await readFile(stateFile, "utf8").catch(() => undefined) : undefined;
  if (kept !== undefined) households.restore(JSON.parse(kept));
  // Written aside and renamed, so a kill mid-write leaves the previous file whole.
  const save = stateFile
    ? () => {
        mkdirSync(dirname(stateFile), { recursive: true });
        writeFileSync(`${stateFile}.partial`, JSON.stringify(households));
        renameSync(`${stateFile}.partial`, stateFile);
      }
    : () => undefined;
  const fetchAndKeep = async (request: Request): Promise<Response> => {
    const response = await app.fetch(request);
    if (request.method !== "GET" && request.method !== "HEAD") save();
    return response;
  };
  const host = options.host ?? "127.0.0.1";
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve, reject) => {
      const started = serve(
        { fetch: fetchAndKeep, port: options.port ?? 0, hostname: host },
        (info: AddressInfo) => resolve({ server: started, port: info.port }),
      );
      started.once("error", reject);
    },
  );
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    accounts,
    restored: kept !== undefined,
    reset: () => {
      households.reset();
      accounts.reset();
      save();
      layout.current = "current";
      responseDelay.ms = 0;
    },
    seedHousehold: (householdId, seed) => {
      const state = households.seed(`household:${householdId}`, seed);
      save();
      return state;
    },
    householdState: (householdId) => households.get(`household:${householdId}`),
    setLayout: (next) => {
      layout.current = next;
    },
    setResponseDelay: (ms) => {
      responseDelay.ms = ms;
    },
    seedDemoHousehold: () => {
      const demo = demoHouseholdSeed(catalog, now());
      households.seed(`household:${demo.householdId}`, demo.seed);
      save();
      return demo.householdId;
    },
  };
};
