/**
 * Step errors a person must act on, recorded on the run under the code the API documents (the store
 * account's sign-in) rather than their class name, which Step Functions carries as the error's name.
 */
const RUN_ERROR_CODES: Readonly<Record<string, string>> = {
  StoreAccountMissingError: "store_account_missing",
  StoreSignInFailedError: "store_sign_in_failed",
  StoreSignInNeedsPersonError: "store_sign_in_needs_person",
};

/** The code a run's failure is recorded under: its documented code, else the step error's name. */
export const runErrorCode = (errorName: string): string =>
  Object.hasOwn(RUN_ERROR_CODES, errorName) ? (RUN_ERROR_CODES[errorName] as string) : errorName;
