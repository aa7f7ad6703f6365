/** What is counted per tenant and UTC day: a PUT of credentials, a sign-in at the store. */
export type StoreAccountAttemptKind = "connect" | "sign_in";

/** Port: the tenant's attempts of each kind per UTC day. */
export interface StoreAccountAttempts {
  /** How many times this tenant did `kind` on `at`'s UTC day, this time included (it is counted). */
  count(kind: StoreAccountAttemptKind, at: Date): Promise<number>;
  /** How many times this tenant did `kind` on `at`'s UTC day so far; counts nothing. */
  counted(kind: StoreAccountAttemptKind, at: Date): Promise<number>;
}
