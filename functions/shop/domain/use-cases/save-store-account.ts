import type { StoreAccountVault } from "../ports/store-account-vault";
import type { StoreCredentials } from "../store-account/store-account";
import { type StoreAccountView, storeAccountView } from "./get-store-account";

/** PUT /shop/store-account: the household's credentials, kept as a secret; the answer shows the email masked. */
export const saveStoreAccount = async (
  deps: { vault: StoreAccountVault; now: () => Date },
  credentials: StoreCredentials,
): Promise<StoreAccountView> => storeAccountView(await deps.vault.saveCredentials(credentials, deps.now()));
