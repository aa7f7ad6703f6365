import { EMBEDDING_DIMENSIONS } from "../../../core/embedding/embedding-config";
import { LOCAL_EMBEDDING_MODEL } from "../../../core/embedding/local-embedding";
import { NEAREST_SETTINGS, statementSettings } from "../../../core/sql/nearest-settings";
import {
  matchCountSql,
  parsedInRowLanguage,
  RANK_CANDIDATES,
  rankedMatchesSql,
} from "../../../core/sql/ranked-full-text";
import type { SqlParam, SqlRow } from "../../../core/sql/sql-port";
import { sqlJson, sqlVector } from "../../../core/sql/sql-port";
import type { TenantSql } from "../../../core/sql/tenant-sql";
import { type Campaign, type GroupBy, listOf, type StoredCampaign } from "../domain/campaign";
import type {
  CampaignPage,
  CampaignRepository,
  CampaignVocabulary,
  ResolvedFilters,
} from "../domain/ports/campaign-repository";

/** Numbers parameters after the tenant ($1). */
export class ParamList {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length + 1}`;
  }
}

const CAMPAIGN_COLUMNS = `id, company, brand, channel, offer, to_jsonb(key_value_props)::text AS key_value_props,
  imagery_sentiment, imagery_visual_style, capture_date::text AS capture_date, campaign_text,
  full_campaign_text, language::text AS language,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

// The values as an array computed once (an InitPlan), so the check is a cheap comparison that PostgreSQL
// makes before a costlier one on the same row (a text match); an `IN (SELECT …)` became a join made after.
const anyOf = (column: string, values: string[], params: ParamList): string =>
  `lower(${column}) = ANY (ARRAY(SELECT lower(v) FROM jsonb_array_elements_text(${params.add(sqlJson(values))}::jsonb) v))`;

/** WHERE clauses for each filter set; all must hold (a request's activeFilters AND the model's). */
export const filterClauses = (filterSets: readonly ResolvedFilters[], params: ParamList): string[] => {
  const clauses: string[] = [];
  for (const filters of filterSets) {
    const channels = listOf(filters.channel);
    if (channels.length) clauses.push(anyOf("channel", channels, params));
    const companies = listOf(filters.company);
    if (companies.length) clauses.push(anyOf("company", companies, params));
    const sentiments = listOf(filters.sentiment);
    if (sentiments.length) clauses.push(anyOf("imagery_sentiment", sentiments, params));
    const styles = listOf(filters.visual_style);
    if (styles.length) clauses.push(anyOf("imagery_visual_style", styles, params));
    const props = listOf(filters.value_prop);
    if (props.length) {
      // Every listed value prop is among the campaign's (case-insensitive; "Cash Back" names "Cash Back / Rewards").
      clauses.push(
        `NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(${params.add(sqlJson(props))}::jsonb) w
           WHERE NOT EXISTS (SELECT 1 FROM unnest(key_value_props) p
                              WHERE lower(p) = lower(w) OR lower(w) = ANY(string_to_array(lower(p), ' / '))))`,
      );
    }
    if (filters.date_range?.from)
      clauses.push(`capture_date >= ${params.add(filters.date_range.from)}::date`);
    if (filters.date_range?.to) clauses.push(`capture_date <= ${params.add(filters.date_range.to)}::date`);
    if (filters.has_offer === true) clauses.push("btrim(offer) <> ''");
    if (filters.has_offer === false) clauses.push("btrim(offer) = ''");
  }
  return clauses;
};

/** The filters a campaign's facet lexemes hold (migration 0006), each under its own name. */
const FACET_FILTERS = ["channel", "company", "sentiment", "visual_style"] as const;

/**
 * The tsquery every campaign passing these filters matches in its facets (0006: the index over the text
 * and the facets); undefined when no filter is a facet. It only narrows what the index finds: the filter
 * clauses themselves decide.
 */
const facetQuery = (filterSets: readonly ResolvedFilters[], params: ParamList): string | undefined => {
  const terms: string[] = [];
  for (const filters of filterSets) {
    for (const dimension of FACET_FILTERS) {
      const values = listOf(filters[dimension]);
      if (values.length)
        terms.push(`campaign_facet_query('${dimension}', ${params.add(sqlJson(values))}::jsonb)`);
    }
  }
  return terms.length ? terms.join(" && ") : undefined;
};

/** The text and the facets, as the index of migration 0006 holds them. */
const TEXT_AND_FACETS =
  "(search_text || campaign_facets(channel, company, imagery_sentiment, imagery_visual_style))";

const toCampaign = (row: SqlRow): StoredCampaign => ({
  id: String(row.id),
  company: String(row.company),
  brand: String(row.brand),
  channel: String(row.channel),
  offer: String(row.offer),
  key_value_props: JSON.parse(String(row.key_value_props)) as string[],
  imagery_sentiment: String(row.imagery_sentiment),
  imagery_visual_style: String(row.imagery_visual_style),
  capture_date: String(row.capture_date),
  campaign_text: String(row.campaign_text),
  full_campaign_text: String(row.full_campaign_text),
  language: row.language as Campaign["language"],
  updated_at: String(row.updated_at),
  ...(typeof row.matched_passage === "string" && row.matched_passage !== ""
    ? { matched_passage: row.matched_passage }
    : {}),
});

const toPage = (rows: SqlRow[]): CampaignPage => ({
  total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  campaigns: rows.map(toCampaign),
});

const GROUP_EXPRESSIONS: Record<GroupBy, string> = {
  channel: "channel",
  company: "company",
  sentiment: "imagery_sentiment",
  visual_style: "imagery_visual_style",
  month: "to_char(capture_date, 'YYYY-MM')",
  value_prop: "p.value_prop",
};

const LANGUAGES = ["english", "portuguese", "russian", "simple"] as const;

/**
 * How a search ranks: the distance an HNSW index serves, and what else the WHERE must say for that index.
 * The local embedding's vectors, sparse, also have a sparsevec index (migration 0011), half the size of the
 * vector one: a search without filters walks it. A filtered search keeps the vector index: the planner may
 * rank the rows the filter passes exactly instead, and the cast to sparsevec there cost about 4 µs a row.
 * The index is partial on the model; its condition, a constant, holds whatever the plan.
 */
export const vectorRanking = (
  column: string,
  model: string,
  vector: string,
  filtered: boolean,
): { distance: string; indexCondition?: string } =>
  model === LOCAL_EMBEDDING_MODEL && !filtered
    ? {
        distance: `${column}::sparsevec(${EMBEDDING_DIMENSIONS}) <=> ${vector}::vector::sparsevec(${EMBEDDING_DIMENSIONS})`,
        indexCondition: `embedding_model = '${LOCAL_EMBEDDING_MODEL}'`,
      }
    : { distance: `${column} <=> ${vector}::vector` };

/** The CampaignRepository port over one tenant's campaigns in PostgreSQL (migration 0003). Every statement filters on the tenant. */
export interface CampaignRepositoryOptions {
  /** Matches a full-text search ranks of each kind (RANK_CANDIDATES); null ranks every match (benches, tests). */
  rankCandidates?: number | null;
  /** The run-time settings of a nearest-neighbour query (NEAREST_SETTINGS); a bench sweeps ef_search. */
  nearestSettings?: Readonly<Record<string, string>>;
}

export const createCampaignRepository = (
  sql: TenantSql,
  options: CampaignRepositoryOptions = {},
): CampaignRepository => ({
  /** The stored text and embedding model of these ids, to tell which texts changed. */
  async textsOf(ids) {
    if (ids.length === 0) return new Map();
    const result = await sql.query(
      `SELECT id, campaign_text, full_campaign_text, embedding_model FROM campaigns
        WHERE tenant = $1 AND id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
      [sqlJson(ids)],
    );
    return new Map(
      result.rows.map((row) => [
        String(row.id),
        {
          campaign_text: String(row.campaign_text),
          full_campaign_text: String(row.full_campaign_text),
          embedding_model: row.embedding_model === null ? null : String(row.embedding_model),
        },
      ]),
    );
  },

  /**
   * The distinct values of each dimension, most frequent first (a large set is shown to a model by its head).
   * One pass over the tenant's rows, each giving its values of every dimension: a union of one scan per
   * dimension read the table five times (bench/README.md, "semantic_search").
   */
  async vocabulary() {
    const result = await sql.query(
      `SELECT v.dimension, v.value FROM campaigns c,
         LATERAL (VALUES ('channel', c.channel), ('sentiment', nullif(c.imagery_sentiment, '')),
                         ('visual_style', nullif(c.imagery_visual_style, '')), ('company', c.company)
                  UNION ALL SELECT 'value_prop', p FROM unnest(c.key_value_props) p) AS v(dimension, value)
        WHERE c.tenant = $1 AND v.value IS NOT NULL
        GROUP BY v.dimension, v.value ORDER BY count(*) DESC, v.value`,
    );
    const vocabulary: CampaignVocabulary = {
      channel: [],
      sentiment: [],
      visual_style: [],
      company: [],
      value_prop: [],
    };
    for (const row of result.rows)
      vocabulary[row.dimension as keyof CampaignVocabulary].push(String(row.value));
    return vocabulary;
  },

  /** Inserts or updates campaigns in one statement; ids that existed before are returned. */
  async upsert(writes) {
    if (writes.length === 0) return;
    const rows = writes.map(({ campaign, embeddings }) => ({
      ...campaign,
      e1: embeddings ? sqlVector(embeddings.campaign_text) : null,
      e2: embeddings ? sqlVector(embeddings.full_campaign_text) : null,
      model: embeddings?.model ?? null,
    }));
    await sql.query(
      `INSERT INTO campaigns AS c (tenant, id, company, brand, channel, offer, key_value_props, imagery_sentiment,
         imagery_visual_style, capture_date, campaign_text, full_campaign_text, language,
         campaign_text_embedding, full_campaign_text_embedding, embedding_model)
       SELECT $1, r.id, r.company, r.brand, r.channel, r.offer,
              ARRAY(SELECT jsonb_array_elements_text(r.key_value_props)), r.imagery_sentiment,
              r.imagery_visual_style, r.capture_date::date, r.campaign_text, r.full_campaign_text,
              r.language::regconfig, r.e1::vector, r.e2::vector, r.model
         FROM jsonb_to_recordset($2::jsonb) AS r(id text, company text, brand text, channel text, offer text,
              key_value_props jsonb, imagery_sentiment text, imagery_visual_style text, capture_date text,
              campaign_text text, full_campaign_text text, language text, e1 text, e2 text, model text)
       ON CONFLICT (tenant, id) DO UPDATE SET
         company = excluded.company, brand = excluded.brand, channel = excluded.channel, offer = excluded.offer,
         key_value_props = excluded.key_value_props, imagery_sentiment = excluded.imagery_sentiment,
         imagery_visual_style = excluded.imagery_visual_style, capture_date = excluded.capture_date,
         campaign_text = excluded.campaign_text, full_campaign_text = excluded.full_campaign_text,
         language = excluded.language,
         campaign_text_embedding = coalesce(excluded.campaign_text_embedding, c.campaign_text_embedding),
         full_campaign_text_embedding = coalesce(excluded.full_campaign_text_embedding, c.full_campaign_text_embedding),
         embedding_model = coalesce(excluded.embedding_model, c.embedding_model),
         updated_at = now()
       WHERE c.tenant = $1`,
      [JSON.stringify(rows)],
    );
  },

  async get(id) {
    const result = await sql.query(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE tenant = $1 AND id = $2`,
      [id],
    );
    const row = result.rows[0];
    return row ? toCampaign(row) : undefined;
  },

  async remove(id) {
    const result = await sql.query("DELETE FROM campaigns WHERE tenant = $1 AND id = $2", [id]);
    return result.rowCount > 0;
  },

  /** The filtered set, newest first, with the total count. */
  async filter(filterSets, limit, offset = 0) {
    const params = new ParamList();
    const clauses = ["tenant = $1", ...filterClauses(filterSets, params)];
    const result = await sql.query(
      `SELECT ${CAMPAIGN_COLUMNS}, count(*) OVER ()::int AS total FROM campaigns
        WHERE ${clauses.join(" AND ")}
        ORDER BY capture_date DESC, id LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
      params.values,
    );
    return toPage(result.rows);
  },

  /** Counts of the filtered set by one dimension (value props count each member), most first. */
  async aggregate(filterSets, groupBy) {
    const params = new ParamList();
    const clauses = ["tenant = $1", ...filterClauses(filterSets, params)];
    const from =
      groupBy === "value_prop" ? "campaigns, unnest(key_value_props) AS p(value_prop)" : "campaigns";
    const result = await sql.query(
      `SELECT ${GROUP_EXPRESSIONS[groupBy]} AS value, count(*)::int AS count FROM ${from}
        WHERE ${clauses.join(" AND ")} GROUP BY 1 ORDER BY count DESC, value`,
      params.values,
    );
    return {
      group_by: groupBy,
      buckets: result.rows.map((row) => ({ value: String(row.value), count: Number(row.count) })),
    };
  },

  /**
   * websearch syntax ("a phrase", -word, or) over both text fields, ranked by ts_rank_cd over a bounded
   * candidate set (functions/core/sql/ranked-full-text.ts, RANK_CANDIDATES): the
   * strong matches (the words in campaign_text, weight A, or three times or more; GIN over
   * search_strong_lexemes, migration 0004) and the first other matches, at most RANK_CANDIDATES of each.
   * `total` counts the matches exactly up to RANK_CANDIDATES; a broader query reports RANK_CANDIDATES as a
   * lower bound (`totalIsLowerBound`; counting every match is what made a broad query slow).
   */
  async fullText(query, filterSets, limit) {
    const params = new ParamList();
    const text = params.add(query);
    // Each campaign is matched and ranked with the words parsed in its own language.
    const { tsquery, rowQuery } = parsedInRowLanguage(
      LANGUAGES.map((language) => ({
        language: `'${language}'::regconfig`,
        parse: `websearch_to_tsquery('${language}', ${text})`,
      })),
    );
    const rankCandidates = options.rankCandidates === undefined ? RANK_CANDIDATES : options.rankCandidates;
    const bound = rankCandidates === null ? null : params.add(rankCandidates);
    const facets = facetQuery(filterSets, params);
    const matches = {
      table: "campaigns",
      tsquery,
      rowQuery,
      where: ["tenant = $1"],
      // A filter on a facet: the index over the text and the facets finds only the rows that pass it.
      ...(facets ? { matchIndex: `${TEXT_AND_FACETS} @@ (SELECT ${tsquery} && ${facets})` } : {}),
      rowFilters: filterClauses(filterSets, params),
      carry: ["capture_date AS rank_date"],
      tieBreak: "rank_date DESC, id",
      bound,
      limit: params.add(limit),
    };
    const ranked = rankedMatchesSql(matches);
    const result = await sql.query(
      `WITH ${ranked}
       SELECT ${CAMPAIGN_COLUMNS},
              ts_headline(language, campaign_text || E'\n' || full_campaign_text, ${rowQuery.query},
                          'MaxFragments=2, MinWords=5, MaxWords=20, FragmentDelimiter=" … ", StartSel=«, StopSel=»')
                AS matched_passage,
              ${matchCountSql(matches)}::int AS total
         FROM ranked JOIN campaigns USING (id)
        WHERE campaigns.tenant = $1
        ORDER BY ranked.score DESC, ranked.rank_date DESC, id`,
      params.values,
    );
    const page = toPage(result.rows);
    // Counted up to the bound: as many means there may be more.
    return rankCandidates !== null && page.total >= rankCandidates
      ? { ...page, totalIsLowerBound: true }
      : page;
  },

  /** Nearest neighbours of a vector by cosine distance, filters in the same statement. */
  async nearest(vector, model, field, filterSets, limit) {
    const params = new ParamList();
    const v = params.add(sqlVector(vector));
    const column = field === "campaign_text" ? "campaign_text_embedding" : "full_campaign_text_embedding";
    const modelParam = params.add(model);
    const filters = filterClauses(filterSets, params);
    const ranking = vectorRanking(column, model, v, filters.length > 0);
    const clauses = [
      "tenant = $1",
      `embedding_model = ${modelParam}`,
      ...(ranking.indexCondition ? [ranking.indexCondition] : []),
      `${column} IS NOT NULL`,
      ...filters,
    ];
    // A filter on a facet (channel, company, sentiment, visual style) also as the index of migration 0006
    // holds it: the planner then knows how few rows pass (the facet lexemes' statistics) and, when they
    // are few, reads just those through that index and ranks them exactly, instead of a sequential scan or
    // an HNSW scan that walks past the rows the filter drops (bench/README.md, "semantic_search").
    const facets = facetQuery(filterSets, params);
    if (facets) clauses.push(`${TEXT_AND_FACETS} @@ (${facets})`);
    const limitParam = params.add(limit);
    // pgvector's iterative scan, so the tenant and the filters do not starve the HNSW scan of rows; relaxed
    // order, sorted again outside (nearest-settings.ts). The statement sets them itself: one round trip.
    const settings = statementSettings(options.nearestSettings ?? NEAREST_SETTINGS, (value) =>
      params.add(value),
    );
    // No count over the whole set here: a window function would read every row and bypass the HNSW index.
    // The ranking keeps only ids and distances, and the limit's rows are read again by key for their
    // columns: a filtered rank sorts every row that passes (about 2,000 of 100,000 in the bench), and the
    // columns (jsonb, to_char) were computed for each of them before the sort kept 20 (bench/README.md).
    const nearestBy = (distance: string) =>
      sql.query(
        `WITH ${settings.cte},
         nearest AS MATERIALIZED (
           SELECT tenant, id, ${distance} AS distance FROM campaigns
            WHERE ${[...clauses, settings.gate].join(" AND ")}
            ORDER BY ${distance} LIMIT ${limitParam})
         SELECT ${CAMPAIGN_COLUMNS}, nearest.distance FROM nearest JOIN campaigns USING (tenant, id)
          ORDER BY nearest.distance`,
        params.values,
      );
    // The HNSW index serves this ORDER BY (the opclass's own operator) when the planner picks it.
    let result = await nearestBy(ranking.distance);
    if (result.rows.length < limit) {
      // Fewer rows than asked means "exhausted" or, past the iterative scan's own bound
      // (hnsw.max_scan_tuples), "starved": rank exactly (`+ 0` is an expression no index serves). A short
      // result means the filters are selective, so that sort is small.
      result = await nearestBy(`(${ranking.distance}) + 0`);
    }
    // Every row with a vector is "a neighbour": the total is the number returned.
    return { total: result.rows.length, campaigns: result.rows.map(toCampaign) };
  },
});
