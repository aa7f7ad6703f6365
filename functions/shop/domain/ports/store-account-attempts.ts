/** What is counted per tenant and UTC day: a PUT of credentials. */
export type StoreAccountAttemptKind = "connect";

/** Port: how many times this tenant did `kind` on `at`'s UTC day, this time included (it is counted). */
export interface StoreAccountAttempts {
  count(kind: StoreAccountAttemptKind, at: Date): Promise<number>;
}
