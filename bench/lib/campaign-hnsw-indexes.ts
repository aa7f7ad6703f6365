import type { SqlPort } from "../../functions/core/sql/sql-port";

/**
 * Drops the campaigns' HNSW indexes (one per text field and embedding kind, migration 0011) before a bulk
 * load, which is many times faster without them, and returns what builds them again as the migrations
 * define them (`pg_get_indexdef`): `only` those named, with `storage` parameters (`m = 16, …`) in place of
 * the migrations' if given.
 */
export const dropCampaignHnswIndexes = async (sql: SqlPort) => {
  const indexes = await sql.query(
    "SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'campaigns' AND indexdef LIKE '% USING hnsw %' ORDER BY 1",
  );
  const definitions = new Map(indexes.rows.map((row) => [String(row.name), String(row.definition)]));
  for (const name of definitions.keys()) await sql.query(`DROP INDEX ${name}`);
  return async (options: { only?: readonly string[]; storage?: string } = {}) => {
    for (const [name, definition] of definitions) {
      if (options.only && !options.only.includes(name)) continue;
      if (!options.storage) {
        await sql.query(definition);
        continue;
      }
      const storage = ` WITH (${options.storage})`;
      const bare = definition.replace(/ WITH \([^)]*\)/, "");
      // A storage clause comes before a partial index's WHERE.
      await sql.query(
        bare.includes(" WHERE ") ? bare.replace(" WHERE ", `${storage} WHERE `) : `${bare}${storage}`,
      );
    }
  };
};
