/**
 * Why a run (or a decision) failed, as a person reads it: the code the API documents (rather than the step
 * error's class name, which Step Functions carries as the error's name) and what to do about it. The store
 * errors carry the same fix in their HTTP answers (adapters/store/store-errors.ts).
 */
export const STORE_FIXES = {
  store_account_missing: "Connect the household's store account: PUT /shop/store-account, then start a run",
  store_sign_in_failed:
    "Connect the account again with the right email and password: PUT /shop/store-account",
  store_sign_in_needs_person:
    "Sign in once on the store's site yourself (a captcha or a second factor), then start a run: POST /shop/runs",
  store_sign_in_limited:
    "Wait until midnight UTC (the 429's Retry-After says how long), then start a run: POST /shop/runs",
  store_unreachable: "Check that the store is up (STORE_URL), then start a run again: POST /shop/runs",
  store_deadline_exceeded: "The store answered too slowly: start a run again in a while: POST /shop/runs",
  store_page_changed:
    "The store's pages changed: the selector registry (functions/shop/adapters/store/selectors) needs updating",
} as const;
export type StoreFailureCode = keyof typeof STORE_FIXES;

const CODE_BY_ERROR_NAME: Readonly<Record<string, StoreFailureCode>> = {
  StoreAccountMissingError: "store_account_missing",
  StoreSignInFailedError: "store_sign_in_failed",
  StoreSignInNeedsPersonError: "store_sign_in_needs_person",
  StoreSignInLimitedError: "store_sign_in_limited",
  StoreUnreachableError: "store_unreachable",
  StoreDeadlineExceededError: "store_deadline_exceeded",
  StorePageChangedError: "store_page_changed",
};

/** The codes that say the household's store account, not the store, stopped the work. */
export const STORE_ACCOUNT_CODES: ReadonlySet<string> = new Set([
  "store_account_missing",
  "store_sign_in_failed",
  "store_sign_in_needs_person",
  "store_sign_in_limited",
]);

/** The code a run's failure is recorded under: its documented code, else the step error's name. */
export const runErrorCode = (errorName: string): string =>
  Object.hasOwn(CODE_BY_ERROR_NAME, errorName) ? (CODE_BY_ERROR_NAME[errorName] as string) : errorName;

/** What to do about a failure with this code: its own fix, else start a new run. */
export const runFailureFix = (code: string): string =>
  Object.hasOwn(STORE_FIXES, code)
    ? STORE_FIXES[code as StoreFailureCode]
    : "Start a new run: POST /shop/runs (GET /shop/runs/{runId} shows the steps that ran)";
