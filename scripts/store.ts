/**
 * `npm run store -- <command> [--store-url URL] [--household ID]`: the store tools from a terminal.
 * Prints JSON to stdout and exits 0, or prints a one-line reason to stderr and exits non-zero (2 for a
 * wrong command line, 1 for a failed store call).
 *
 *   search "<query>" [--sort unit-price|price-low-to-high|price-high-to-low] [--brand AUCHAN]
 *                    [--available-only] [--max N]      → { "products": [...] }
 *   cart                                                 → { "items": [...] }
 *   product <url|productId>                              → { "product": {...} }
 *   slots                                                → { "slots": [...] }
 *   orders [--lines N]                                   → { "orders": [...] } (lines of the N latest)
 *   order <orderId>                                      → { "order": {...} } (what was bought)
 *   sign-in                                              → the account's status (as GET /shop/store-account)
 *                                                          (exit 0 signed in, 1 refused or needing a person;
 *                                                          a store it cannot reach is an error alone, exit 1)
 *   rotate-key                                           → the local store-account key's new id
 *
 * `sign-in` signs in with STORE_EMAIL and STORE_PASSWORD from the environment (never flags: a flag is in
 * the shell's history and the process list), as a run does, and prints the status; the password is never
 * printed. The session is kept in memory only, for this command.
 *
 * `rotate-key` adds a new current key to the local stack's store-account key file (STORE_ACCOUNT_KEY_FILE,
 * else `store-account.key` in LARDER_DATA_DIR or `.larder/`): accounts are sealed with it from then on,
 * and the older keys stay to open what they sealed (docs/store-account.md).
 *
 * STORE_URL (or --store-url) picks the store; default the simulated one at 127.0.0.1:${STORE_PORT:-3001}.
 * --household picks the household session (default "demo", the one `npm start` seeds).
 */
import { parseArgs } from "node:util";
import { isLarderError, ValidationError } from "../functions/core/errors";
import { rotateStoreAccountKey } from "../functions/shop/adapters/local-store-account-key";
import {
  createStoreTools,
  householdSessionCookie,
  readStoreConfig,
  SEARCH_SORTS,
  type SearchSort,
  type StoreBrowser,
  type StoreTools,
} from "../functions/shop/adapters/store";
import { createPlaywrightStoreBrowser } from "../functions/shop/adapters/store/playwright";
import {
  StoreSignInFailedError,
  StoreSignInNeedsPersonError,
} from "../functions/shop/adapters/store/store-errors";
import { signInIfNeeded } from "../functions/shop/adapters/store/store-sign-in";
import { storeCredentialsSchema } from "../functions/shop/domain/store-account/store-account";
import { storeAccountView } from "../functions/shop/domain/use-cases/get-store-account";
import { storeAccountConfig } from "../functions/shop/wiring/store-account";
import {
  createMemoryStoreAccountAttempts,
  createMemoryStoreAccountVault,
} from "./memory-store-account-vault";

const USAGE =
  'usage: npm run store -- <search "<query>" [--sort unit-price] [--brand B] [--available-only] [--max N] | cart | product <url> | slots | orders [--lines N] | order <orderId> | sign-in | rotate-key> [--store-url URL] [--household ID]';

class UsageError extends Error {}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        "store-url": { type: "string" },
        household: { type: "string", default: "demo" },
        sort: { type: "string" },
        brand: { type: "string" },
        "available-only": { type: "boolean", default: false },
        max: { type: "string" },
        lines: { type: "string" },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}; ${USAGE}`);
    process.exit(2);
  }
})();

const run = async (tools: StoreTools, command: string | undefined, args: string[]): Promise<unknown> => {
  switch (command) {
    case "search": {
      const query = args.join(" ").trim();
      if (!query) throw new UsageError("search needs a query");
      const sort = values.sort ?? "relevance";
      if (!(SEARCH_SORTS as string[]).includes(sort))
        throw new UsageError(`--sort must be one of ${SEARCH_SORTS.join(", ")}`);
      const maxResults = values.max === undefined ? undefined : Number(values.max);
      if (maxResults !== undefined && !Number.isInteger(maxResults))
        throw new UsageError("--max must be a whole number");
      const result = await tools.searchProducts({
        query,
        sort: sort as SearchSort,
        brand: values.brand,
        availableOnly: values["available-only"],
        maxResults,
      });
      return { products: result.products, totalResults: result.totalResults };
    }
    case "cart":
      return { items: (await tools.scanCart()).items };
    case "product": {
      const target = args[0];
      if (!target) throw new UsageError("product needs a product URL (or id)");
      const input = /^\d+$/.test(target) ? { productId: target } : { url: target };
      return { product: (await tools.extractProductInfo(input)).product };
    }
    case "slots":
      return { slots: (await tools.listDeliverySlots()).slots };
    case "orders": {
      const lines = values.lines === undefined ? undefined : Number(values.lines);
      if (lines !== undefined && !Number.isInteger(lines))
        throw new UsageError("--lines must be a whole number");
      return { orders: (await tools.listPastOrders({ linesForRecentOrders: lines })).orders };
    }
    case "order": {
      const orderId = args[0];
      if (!orderId) throw new UsageError("order needs an order id (orderId from `orders`)");
      return { order: (await tools.getOrderDetail({ orderId })).order };
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "no command");
  }
};

/** The reason for a failure on one line: the error's code and message, and what each bad field needs. */
const oneLineReason = (error: unknown): string => {
  if (error instanceof ValidationError) {
    const issues = error.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
    return `${error.code}: ${error.message}${issues ? ` (${issues})` : ""}`.replace(/\s*\n\s*/g, " ");
  }
  const reason = isLarderError(error)
    ? `${error.code}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);
  return reason.split("\n")[0] ?? reason;
};

/** STORE_EMAIL and STORE_PASSWORD, each checked: what is missing or wrong is named, never the password. */
const credentialsFromEnvironment = (env: NodeJS.ProcessEnv) => {
  const missing = (["STORE_EMAIL", "STORE_PASSWORD"] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new UsageError(`sign-in needs ${missing.join(" and ")} in the environment (not set)`);
  }
  const parsed = storeCredentialsSchema.safeParse({ email: env.STORE_EMAIL, password: env.STORE_PASSWORD });
  if (parsed.success) return parsed.data;
  const variable = { email: "STORE_EMAIL", password: "STORE_PASSWORD" } as const;
  const problems = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0]) as keyof typeof variable;
    const what =
      field === "email"
        ? issue.code === "too_big"
          ? "is longer than 254 characters"
          : "is not an email address"
        : "is longer than 256 characters";
    return `${variable[field] ?? field} ${what}`;
  });
  throw new UsageError(`sign-in: ${[...new Set(problems)].join("; ")}`);
};

/**
 * `sign-in`: the account from the environment, signed in once as a run does (the same code), its status
 * printed as GET /shop/store-account shows it, with when the kept session would expire.
 */
const signIn = async (browser: StoreBrowser, storeUrl: URL, householdId: string): Promise<unknown> => {
  const credentials = credentialsFromEnvironment(process.env);
  const vault = createMemoryStoreAccountVault();
  await vault.saveCredentials(credentials, new Date());
  const session = await browser.openSession({ cookies: [householdSessionCookie(storeUrl, householdId)] });
  try {
    const outcome = await signInIfNeeded(
      session,
      { vault, requiresAccount: true, attempts: createMemoryStoreAccountAttempts(), now: () => new Date() },
      storeUrl,
    )
      .then((how) => ({ how }))
      .catch((error: unknown) => {
        // A refusal or a page needing a person is the account's status; anything else (the store down, a
        // page that changed) is an error alone, with no status beside it.
        // The status JSON below says which, why and the fix.
        if (error instanceof StoreSignInFailedError || error instanceof StoreSignInNeedsPersonError)
          return {};
        throw error;
      });
    const record = await vault.readRecord();
    const kept = await vault.readSession();
    return {
      ...storeAccountView(record),
      ...("how" in outcome ? { signedIn: outcome.how } : {}),
      ...(kept ? { sessionExpiresAt: kept.expiresAt, sessionCookies: kept.cookies.length } : {}),
    };
  } finally {
    await session.close();
  }
};

const main = async (): Promise<number> => {
  const [command, ...args] = positionals;
  const env = values["store-url"] ? { ...process.env, STORE_URL: values["store-url"] } : process.env;
  let browser: ReturnType<typeof createPlaywrightStoreBrowser> | undefined;
  try {
    if (command === "rotate-key") {
      const accounts = storeAccountConfig();
      if (accounts.kind !== "local") throw new UsageError("rotate-key rotates the local stack's key only");
      const rotated = rotateStoreAccountKey(accounts.keyFile);
      process.stdout.write(`${JSON.stringify({ keyFile: accounts.keyFile, ...rotated }, null, 2)}\n`);
      return 0;
    }
    const config = readStoreConfig(env);
    browser = createPlaywrightStoreBrowser({ storeUrl: config.storeUrl, timeoutMs: config.timeoutMs });
    if (command === "sign-in") {
      const status = await signIn(browser, config.storeUrl, values.household ?? "demo");
      process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
      return (status as { status: string }).status === "signed_in" ? 0 : 1;
    }
    const tools = createStoreTools({
      browser,
      storeUrl: config.storeUrl,
      householdId: values.household ?? "demo",
    });
    const output = await run(tools, command, args);
    await tools.close();
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}; ${USAGE}`);
      return 2;
    }
    console.error(oneLineReason(error));
    return 1;
  } finally {
    await browser?.close().catch(() => undefined);
  }
};

main().then((code) => process.exit(code));
