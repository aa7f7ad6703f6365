import { configOnce } from "../../core/config";
import { createAppTable } from "../../core/db/app-table";
import { shopConfig } from "./shop-config";

/** The app table (one document client per container), for ShopApi and the steps alike. */
export const shopTable = configOnce(() => createAppTable(shopConfig.table()));
