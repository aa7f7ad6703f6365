import { NotFoundError } from "../../../core/errors";
import type { StoreAccountVault } from "../ports/store-account-vault";

/** DELETE /shop/store-account: the credentials, the saved session and the record go; 404 when there were none. */
export const deleteStoreAccount = async (deps: { vault: StoreAccountVault }): Promise<void> => {
  if (!(await deps.vault.delete())) {
    throw new NotFoundError("No store account is connected", { code: "store_account_not_found" });
  }
};
