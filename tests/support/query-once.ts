import { createPostgresWireSql } from "../../functions/core/sql/postgres-wire-adapter";

/** One statement on its own connection to a PostgreSQL URL (the local PGlite's socket), its rows. */
export const queryOnce = async (url: string, text: string) => {
  const sql = createPostgresWireSql({ url, sharedSession: true });
  try {
    return (await sql.query(text)).rows;
  } finally {
    await sql.close();
  }
};
