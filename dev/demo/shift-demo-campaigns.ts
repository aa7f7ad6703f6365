import { createPostgresWireSql } from "../../functions/core/sql/postgres-wire-adapter";
import { DEMO_CAMPAIGNS_CACHED_DAY, daysBetweenUtcDates } from "./demo-campaigns";
import { DEMO_TENANT } from "./demo-tenant";

/**
 * Moves the demo campaigns of a database made from the cached demo database (dated from
 * `DEMO_CAMPAIGNS_CACHED_DAY`) to `today`, in one statement: they then hold the dates `demoCampaigns(today)`
 * gives, as if loaded today. Their capture_date is the only value of the demo database that depends on
 * the day; updated_at says they were written now. Returns the campaigns moved (none on the cached day).
 */
export const shiftDemoCampaigns = async (databaseUrl: string, today: Date): Promise<number> => {
  const days = daysBetweenUtcDates(DEMO_CAMPAIGNS_CACHED_DAY, today);
  if (days === 0) return 0;
  const sql = createPostgresWireSql({ url: databaseUrl, sharedSession: true });
  try {
    const result = await sql.query(
      "UPDATE campaigns SET capture_date = capture_date + $2::int, updated_at = now() WHERE tenant = $1",
      [DEMO_TENANT, days],
    );
    return result.rowCount;
  } finally {
    await sql.close();
  }
};
