/**
 * Moved to the shop domain (pure pack-size parsing the domain and the store both read). This re-export
 * only keeps the store's current imports working until the store's move rewrites them: delete at merge.
 */
export * from "../domain/parse-pack-size";
