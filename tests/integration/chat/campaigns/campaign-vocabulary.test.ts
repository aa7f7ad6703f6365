import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCampaignRepository } from "../../../../functions/chat/campaigns/adapters/sql-campaign-repository";
import type { CampaignVocabulary } from "../../../../functions/chat/campaigns/domain/ports/campaign-repository";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlParam, SqlPort } from "../../../../functions/core/sql/sql-port";
import { forTenant, type TenantSql } from "../../../../functions/core/sql/tenant-sql";
import { plainCampaign } from "../../../support/plain-campaign";
import { seededRandom } from "../../../support/seeded-random";

// The vocabulary (every dimension's values, most frequent first) is read for each campaign chat message,
// over all of the tenant's campaigns: these tests hold it to the counts made here, and to one pass.

let sql: SqlPort;

beforeAll(() => {
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  await sql?.close();
});

const random = seededRandom(0x70ca_b);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

const campaigns = Array.from({ length: 120 }, (_, i) =>
  plainCampaign({
    id: `v${i}`,
    campaign_text: "copy",
    channel: pick(["Email", "Email", "Email", "Social", "Direct Mail"]),
    company: pick(["Acme", "Acme", "Сбербанк", "O'Brien \\ Sons"]),
    imagery_sentiment: pick(["", "", "Trust", "Urgent"]),
    imagery_visual_style: pick(["", "Minimal", "Minimal", "Bold"]),
    key_value_props: pick([
      [],
      ["Cash Back / Rewards"],
      ["Cash Back / Rewards", "No Annual Fee"],
      ["Travel"],
    ]),
  }),
);

/** Each dimension's values and how many campaigns (value props: how many memberships) have each; empty values left out. */
const counted = (): Record<keyof CampaignVocabulary, Map<string, number>> => {
  const counts = (values: string[]) => {
    const byValue = new Map<string, number>();
    for (const value of values.filter((v) => v !== "")) byValue.set(value, (byValue.get(value) ?? 0) + 1);
    return byValue;
  };
  return {
    channel: counts(campaigns.map((c) => c.channel)),
    sentiment: counts(campaigns.map((c) => c.imagery_sentiment ?? "")),
    visual_style: counts(campaigns.map((c) => c.imagery_visual_style ?? "")),
    company: counts(campaigns.map((c) => c.company)),
    value_prop: counts(campaigns.flatMap((c) => c.key_value_props ?? [])),
  };
};

describe("campaign vocabulary", () => {
  const tenant = `t-${randomUUID()}`;

  beforeAll(async () => {
    await createCampaignRepository(forTenant(sql, tenant)).upsert(
      campaigns.map((campaign) => ({ campaign, embeddings: null })),
    );
  });

  it("lists each dimension's values, most frequent first, without empty ones", async () => {
    const vocabulary = await createCampaignRepository(forTenant(sql, tenant)).vocabulary();
    for (const [dimension, counts] of Object.entries(counted()) as [
      keyof CampaignVocabulary,
      Map<string, number>,
    ][]) {
      expect(new Set(vocabulary[dimension]), dimension).toEqual(new Set(counts.keys()));
      // Most frequent first (ties in the database's collation, not checked here).
      const inOrder = vocabulary[dimension].map((value) => counts.get(value) ?? 0);
      expect(inOrder, dimension).toEqual([...inOrder].sort((a, b) => b - a));
    }
  });

  it("reads the tenant's campaigns once", async () => {
    const statements: { text: string; params: readonly SqlParam[] }[] = [];
    const tenantSql = forTenant(sql, tenant);
    const recording: TenantSql = {
      ...tenantSql,
      query: (text, params = []) => {
        statements.push({ text, params });
        return tenantSql.query(text, params);
      },
    };
    await createCampaignRepository(recording).vocabulary();
    const [statement] = statements;
    const plan = await tenantSql.query<{ "QUERY PLAN": string }>(
      `EXPLAIN ${statement?.text}`,
      statement?.params,
    );
    const scans = plan.rows.filter((row) => / on campaigns\b/.test(row["QUERY PLAN"]));
    expect(scans).toHaveLength(1);
  });
});
