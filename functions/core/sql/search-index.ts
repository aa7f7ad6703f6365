import { EMBEDDING_DIMENSIONS } from "../embedding/embedding-config";
import { ValidationError } from "../errors";
import { NEAREST_SETTINGS } from "./nearest-settings";
import { parsedInRowLanguage, RANK_CANDIDATES, rankedMatchesSql } from "./ranked-full-text";
import type { SqlParam } from "./sql-port";
import { sqlJson, sqlVector } from "./sql-port";
import type { TenantSql } from "./tenant-sql";

/** The text search configurations the engine indexes with (PostgreSQL's own stemmers). */
export const SEARCH_LANGUAGES = ["english", "portuguese", "russian", "simple"] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** The one embedding dimension of the schema (`vector(512)` in migration 0001). */
export { EMBEDDING_DIMENSIONS };

export type AttributeValue = string | number | boolean;

export interface SearchDocument {
  collection: string;
  id: string;
  language: SearchLanguage;
  title: string;
  body: string;
  attributes?: Record<string, AttributeValue | AttributeValue[] | null>;
  /** The vector and the model that made it; both or neither. */
  embedding?: { vector: readonly number[]; model: string };
}

/**
 * Attribute filters, all of which must hold: a value means equal, a list means any of them, a range
 * compares numbers (`price`) or ISO dates as text (`capture_date`).
 */
export interface SearchFilters {
  equals?: Record<string, AttributeValue | AttributeValue[]>;
  range?: Record<string, { gte?: number | string; lte?: number | string }>;
}

export interface SearchHit {
  collection: string;
  id: string;
  language: SearchLanguage;
  title: string;
  body: string;
  attributes: Record<string, unknown>;
  /** ts_rank_cd for full text (higher is better); cosine distance for vectors (lower is better). */
  score: number;
}

export interface FullTextQuery {
  collection: string;
  /** websearch syntax: words, "a phrase", -excluded, or. */
  query: string;
  /** Parse with this language only (and search only rows in it); all four when absent. */
  language?: SearchLanguage;
  filters?: SearchFilters;
  limit: number;
}

export interface VectorQuery {
  collection: string;
  vector: readonly number[];
  /** Only vectors made by this model are compared. */
  model: string;
  filters?: SearchFilters;
  limit: number;
}

export interface FacetCount {
  value: string;
  count: number;
}

const HIT_COLUMNS = "collection, id, language::text AS language, title, body, attributes";

/** Builds WHERE fragments with bound parameters, numbered after the tenant ($1) and earlier params. */
class ParamList {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length + 1}`;
  }
}

const filterClauses = (filters: SearchFilters | undefined, params: ParamList): string[] => {
  const clauses: string[] = [];
  for (const [key, wanted] of Object.entries(filters?.equals ?? {})) {
    const options = Array.isArray(wanted) ? wanted : [wanted];
    if (options.length === 0) continue;
    // attributes @> {"key": value} or {"key": [value]}: a stored value or a stored list holding it, both
    // served by the jsonb_path_ops GIN index.
    const any = options.flatMap((value) => [
      `attributes @> ${params.add(sqlJson({ [key]: value }))}::jsonb`,
      `attributes @> ${params.add(sqlJson({ [key]: [value] }))}::jsonb`,
    ]);
    clauses.push(`(${any.join(" OR ")})`);
  }
  for (const [key, bounds] of Object.entries(filters?.range ?? {})) {
    for (const [op, bound] of [
      [">=", bounds.gte],
      ["<=", bounds.lte],
    ] as const) {
      if (bound === undefined) continue;
      const keyParam = params.add(key);
      clauses.push(
        typeof bound === "number"
          ? `(attributes->>${keyParam})::numeric ${op} ${params.add(bound)}`
          : `(attributes->>${keyParam}) ${op} ${params.add(bound)}`,
      );
    }
  }
  return clauses;
};

const toHit = (row: Record<string, unknown>): SearchHit => ({
  collection: String(row.collection),
  id: String(row.id),
  language: row.language as SearchLanguage,
  title: String(row.title),
  body: String(row.body),
  attributes: (typeof row.attributes === "string" ? JSON.parse(row.attributes) : row.attributes) as Record<
    string,
    unknown
  >,
  score: Number(row.score),
});

const checkLanguage = (language: string, field: string): void => {
  if (!(SEARCH_LANGUAGES as readonly string[]).includes(language)) {
    throw new ValidationError(`${field} must be one of ${SEARCH_LANGUAGES.join(", ")}`, [
      { path: field, message: `expected one of ${SEARCH_LANGUAGES.join(", ")}` },
    ]);
  }
};

const checkVector = (vector: readonly number[], field: string): void => {
  if (vector.length !== EMBEDDING_DIMENSIONS || !vector.every(Number.isFinite)) {
    throw new ValidationError(`${field} must be ${EMBEDDING_DIMENSIONS} finite numbers`, [
      { path: field, message: `expected ${EMBEDDING_DIMENSIONS} finite numbers, got ${vector.length}` },
    ]);
  }
};

/**
 * One tenant's searchable documents (table `search_documents`): full text with PostgreSQL's stemmers
 * and ts_rank_cd, nearest neighbours by cosine distance (HNSW), filters and counts on attributes.
 * Every statement goes through the tenant's view, so it filters on the tenant.
 */
export interface SearchIndexOptions {
  /** Upper bound of one upsert statement's JSON; the Data API refuses large requests. */
  maxStatementBytes: number;
  /** Matches ranked by a full-text search (default RANK_CANDIDATES); null ranks every match (exhaustive). */
  rankCandidates?: number | null;
}

/** Well inside the Data API's request limit; over the wire protocol a larger value loads faster. */
export const DEFAULT_SEARCH_INDEX_OPTIONS: SearchIndexOptions = { maxStatementBytes: 60_000 };

/** 8 bound parameters a row: 8,000 rows would reach PostgreSQL's 65,535; a round thousand stays clear. */
const MAX_ROWS_PER_STATEMENT = 1000;
/** A row's share of the statement besides its values: its VALUES tuple and 8 named Data API parameters. */
const ROW_OVERHEAD_BYTES = 500;

export const createSearchIndex = (
  sql: TenantSql,
  options: SearchIndexOptions = DEFAULT_SEARCH_INDEX_OPTIONS,
) => ({
  /**
   * Inserts or replaces documents, many per statement: a multi-row VALUES list with every value bound
   * (8 parameters a row, after the tenant), cut so a statement's values stay under `maxStatementBytes`
   * (the Data API caps a request's size) and under `MAX_ROWS_PER_STATEMENT` (PostgreSQL binds at most
   * 65,535 parameters). Measured faster than one JSON parameter read with jsonb_to_recordset
   * (bench/README.md): PostgreSQL parses each value once, as its own type.
   */
  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    const rows = documents.map((document): SqlParam[] => {
      checkLanguage(document.language, "language");
      if (document.embedding) checkVector(document.embedding.vector, "embedding.vector");
      return [
        document.collection,
        document.id,
        document.language,
        document.title,
        document.body,
        sqlJson(document.attributes ?? {}),
        document.embedding ? sqlVector(document.embedding.vector) : null,
        document.embedding?.model ?? null,
      ];
    });
    let batch: SqlParam[][] = [];
    let bytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const params: SqlParam[] = [];
      const values = batch.map((row) => {
        const n = params.length + 2; // $1 is the tenant
        params.push(...row);
        return `($1, $${n}, $${n + 1}, $${n + 2}::regconfig, $${n + 3}, $${n + 4}, $${n + 5}::jsonb, $${n + 6}::vector, $${n + 7})`;
      });
      batch = [];
      bytes = 0;
      await sql.query(
        `INSERT INTO search_documents AS d
           (tenant, collection, id, language, title, body, attributes, embedding, embedding_model)
         VALUES ${values.join(", ")}
         ON CONFLICT (tenant, collection, id) DO UPDATE SET
           language = excluded.language, title = excluded.title, body = excluded.body,
           attributes = excluded.attributes, embedding = excluded.embedding,
           embedding_model = excluded.embedding_model, updated_at = now()
         WHERE d.tenant = $1`,
        params,
      );
    };
    for (const row of rows) {
      const size = row.reduce<number>(
        (sum, value) => sum + (typeof value === "string" ? value.length : 8),
        ROW_OVERHEAD_BYTES,
      );
      if (
        batch.length > 0 &&
        (bytes + size > options.maxStatementBytes || batch.length >= MAX_ROWS_PER_STATEMENT)
      )
        await flush();
      batch.push(row);
      bytes += size;
    }
    await flush();
  },

  /**
   * Full-text search ranked by ts_rank_cd (cover density: phrases and close words rank higher), over a
   * bounded candidate set (RANK_CANDIDATES): the first matches where the query's words are strong (a GIN
   * index over search_strong_lexemes, migration 0004) and the first other matches.
   * A query with fewer matches than the bound is ranked exactly, and so, nearly always, is a broader one.
   */
  async fullText(query: FullTextQuery): Promise<SearchHit[]> {
    if (query.language) checkLanguage(query.language, "language");
    const params = new ParamList();
    const collection = params.add(query.collection);
    const text = params.add(query.query);
    const parse = (language: SearchLanguage) => {
      const config = `${params.add(language)}::regconfig`;
      return { language: config, parse: `websearch_to_tsquery(${config}, ${text})` };
    };
    // One language: its parse (the rows are of that language). Else each row is matched and ranked with
    // the words parsed in its own language.
    const matched = query.language
      ? { tsquery: parse(query.language).parse }
      : parsedInRowLanguage(SEARCH_LANGUAGES.map(parse));
    const where = [
      "tenant = $1",
      `collection = ${collection}`,
      ...(query.language ? [`language = ${params.add(query.language)}::regconfig`] : []),
    ];
    const rowFilters = filterClauses(query.filters, params);
    const limit = params.add(query.limit);
    const bound =
      options.rankCandidates === null ? null : params.add(options.rankCandidates ?? RANK_CANDIDATES);
    const result = await sql.query(
      `WITH ${rankedMatchesSql({ table: "search_documents", ...matched, where, rowFilters, tieBreak: "id", bound, limit })}
       SELECT d.collection, d.id, d.language::text AS language, d.title, d.body, d.attributes, r.score
         FROM ranked r JOIN search_documents d ON d.tenant = $1 AND d.collection = ${collection} AND d.id = r.id
        ORDER BY r.score DESC, r.id`,
      params.values,
    );
    return result.rows.map(toHit);
  },

  /**
   * Nearest neighbours by cosine distance over the HNSW index. Every such query is filtered (tenant,
   * collection, model, the caller's filters), so it runs with pgvector's iterative scan
   * (`NEAREST_SETTINGS`) in a transaction of its own, and sorts the neighbours again outside.
   */
  async nearest(query: VectorQuery): Promise<SearchHit[]> {
    checkVector(query.vector, "vector");
    const params = new ParamList();
    const vector = params.add(sqlVector(query.vector));
    const clauses = [
      "tenant = $1",
      `collection = ${params.add(query.collection)}`,
      `embedding_model = ${params.add(query.model)}`,
      ...filterClauses(query.filters, params),
    ];
    const limit = params.add(query.limit);
    const result = await sql.withLocalSettings(NEAREST_SETTINGS, (tx) =>
      tx.query(
        `WITH nearest AS MATERIALIZED (
           SELECT ${HIT_COLUMNS}, (embedding <=> ${vector}::vector)::float8 AS score
             FROM search_documents
            WHERE ${clauses.join(" AND ")}
            ORDER BY embedding <=> ${vector}::vector
            LIMIT ${limit})
         SELECT * FROM nearest ORDER BY score, id`,
        params.values,
      ),
    );
    return result.rows.map(toHit);
  },

  /** Documents matching the filters alone, newest first (seed 002's filter_campaigns). */
  async filter(collection: string, filters: SearchFilters, limit: number): Promise<SearchHit[]> {
    const params = new ParamList();
    const clauses = [
      "tenant = $1",
      `collection = ${params.add(collection)}`,
      ...filterClauses(filters, params),
    ];
    const result = await sql.query(
      `SELECT ${HIT_COLUMNS}, 0::float8 AS score FROM search_documents
        WHERE ${clauses.join(" AND ")} ORDER BY updated_at DESC, id LIMIT ${params.add(limit)}`,
      params.values,
    );
    return result.rows.map(toHit);
  },

  /** How many documents carry each value of an attribute (lists count each member), most first. */
  async facet(collection: string, key: string, filters?: SearchFilters): Promise<FacetCount[]> {
    const params = new ParamList();
    const keyParam = params.add(key);
    const clauses = [
      "tenant = $1",
      `collection = ${params.add(collection)}`,
      ...filterClauses(filters, params),
    ];
    const result = await sql.query<{ value: string; count: number }>(
      `SELECT v.value, count(*)::int AS count
         FROM search_documents,
              LATERAL jsonb_array_elements_text(
                CASE jsonb_typeof(attributes->${keyParam})
                  WHEN 'array' THEN attributes->${keyParam}
                  WHEN 'null' THEN '[]'::jsonb
                  ELSE coalesce(jsonb_build_array(attributes->${keyParam}), '[]'::jsonb) END
              ) AS v(value)
        WHERE ${clauses.join(" AND ")} AND attributes ? ${keyParam}
        GROUP BY v.value ORDER BY count DESC, v.value`,
      params.values,
    );
    return result.rows.map((row) => ({ value: row.value, count: Number(row.count) }));
  },

  async remove(collection: string, ids: readonly string[]): Promise<number> {
    const result = await sql.query(
      `DELETE FROM search_documents
        WHERE tenant = $1 AND collection = $2 AND id IN (SELECT jsonb_array_elements_text($3::jsonb))`,
      [collection, sqlJson(ids)],
    );
    return result.rowCount;
  },
});

export type SearchIndex = ReturnType<typeof createSearchIndex>;
