/**
 * How many matches of each kind a ranked full-text search ranks. Ranking is the cost of a broad query:
 * PostgreSQL checks and ranks every matching row (about 8 µs a row on PGlite), so a query matching a third
 * of 100,000 rows took 370-630 ms. Instead, at most this many strong matches (rows where a query word is in
 * the title-weight text or three times or more: for one word such a row scores at least 1.0, any other at
 * most 0.8) and this many other matches are ranked. bench/README.md ("Search engine") gives the top-20
 * agreement with the exhaustive ranking on a realistic query set, and the broad case apart.
 */
export const RANK_CANDIDATES = 2000;

export interface RankedMatches {
  /** A table with `id`, `search_text` and a GIN index over `search_strong_lexemes(search_text)` (0004). */
  table: string;
  /** The query as a constant tsquery expression, so the GIN indexes serve it. */
  tsquery: string;
  /** What every match meets besides the text, the tenant first; PostgreSQL may use indexes for them. */
  where: readonly string[];
  /**
   * Filters the strong candidates check row by row instead of through an index. An index on them that is
   * lossy (jsonb_path_ops hashes) marks every intersected row for a recheck, and the recheck recomputes
   * search_strong_lexemes on each (about 35 µs a row): a filtered broad query spent 25 ms there.
   */
  rowFilters?: readonly string[];
  /** Columns carried into `ranked` besides id and score, for the tie-break: "column" or "column AS name". */
  carry?: readonly string[];
  /** The order after the score, on `id` and the carried columns, e.g. "id" or "capture_date DESC, id". */
  tieBreak: string;
  /** A bound parameter: at most this many strong and this many other matches; null ranks every match. */
  bound: string | null;
  /** A bound parameter: how many ranked rows to keep. */
  limit: string;
}

/**
 * A tsquery matching any of several parses of one query (the same words read by several stemmers), each
 * distinct parse once. A word no stemmer changes would otherwise be OR-ed with itself once a parse
 * ('travel' | 'travel' | 'travel' | 'travel'), which ranks the same but costs ts_rank_cd that many times
 * the work (12 ms against 3.5 ms over 4,000 rows). Parses without a lexeme (stop words only) are left out;
 * when none is left the query is NULL and matches nothing, as an empty tsquery does.
 */
export const anyOfParses = (parses: readonly string[]): string =>
  parses.length === 1
    ? (parses[0] as string)
    : `(SELECT string_agg(DISTINCT '(' || parse::text || ')', ' | ')::tsquery
          FROM unnest(ARRAY[${parses.join(", ")}]) AS parse WHERE numnode(parse) > 0)`;

const asInitPlan = (tsquery: string): string => `(SELECT ${tsquery})`;

const rowCheck = (clause: string): string => `(${clause}) IS TRUE`;

/** Every match's conditions: the `where`, the text match and the filters. */
const matchWhereOf = ({ where, tsquery, rowFilters = [] }: RankedMatches): string =>
  [...where, `search_text @@ ${asInitPlan(tsquery)}`, ...rowFilters].join(" AND ");

/**
 * The CTEs of a full-text search ranked by ts_rank_cd over a bounded candidate set, ending in `ranked`
 * (id, score, the carried columns; the top `limit` in order). The caller reads the rows back by primary
 * key: `WITH ${rankedMatchesSql(...)} SELECT … FROM ranked JOIN table …`. Plain PostgreSQL (MATERIALIZED
 * CTEs with a LIMIT each), the same on Aurora as on PGlite.
 */
export const rankedMatchesSql = (query: RankedMatches): string => {
  const { table, where, rowFilters = [], carry = [], tieBreak, bound, limit } = query;
  // The query goes in as an InitPlan's value, which the planner does not look into: it estimates the
  // matches at its default (0.5 % of the rows) and reads them through the GIN index. Seen as a constant, a
  // word parsed in four languages (four equal lexemes, OR-ed) was estimated at 3.6 times its matches, and
  // with the LIMIT the planner chose to read the table in order instead: 85 ms against 37 ms over 100,000
  // campaigns (bench/README.md, "Search engine").
  const tsquery = asInitPlan(query.tsquery);
  const columns = ["id", "search_text", ...carry].join(", ");
  const carried = carry.map((column) => `, ${column.split(/\s+AS\s+/i).at(-1)}`).join("");
  const matchWhere = matchWhereOf(query);
  // Every match is ranked: `others` holds them all (a count of it is exact). Not MATERIALIZED, so a
  // caller that reads it once gets the plain ranked scan.
  if (bound === null)
    return `others AS (SELECT ${columns} FROM ${table} WHERE ${matchWhere}),
       ranked AS MATERIALIZED (
         SELECT id, ts_rank_cd(search_text, ${tsquery})::float8 AS score${carried} FROM others
          ORDER BY score DESC, ${tieBreak} LIMIT ${limit})`;
  // The strong index's condition alone finds the strong rows (so PostgreSQL reads no broad bitmap); the
  // query itself is checked on them afterwards (a "-word" or a phrase needs the whole tsvector).
  const strongWhere = [
    ...where,
    `search_strong_lexemes(search_text) @@ ${tsquery}`,
    ...rowFilters.map(rowCheck),
  ].join(" AND ");
  // A one-word query with at least `limit` strong matches reads no other match: each of those outscores
  // every other match (an InitPlan, so PostgreSQL skips the scan when it is false).
  return `strong AS MATERIALIZED (
         SELECT ${columns} FROM ${table} WHERE ${strongWhere} LIMIT ${bound}),
       others_needed AS MATERIALIZED (
         SELECT numnode(${tsquery}) > 1
                OR (SELECT count(*) FROM strong WHERE search_text @@ ${tsquery}) < ${limit} AS needed),
       others AS MATERIALIZED (
         SELECT ${columns} FROM ${table} WHERE ${matchWhere} AND (SELECT needed FROM others_needed) LIMIT ${bound}),
       ranked AS MATERIALIZED (
         SELECT id, ts_rank_cd(search_text, ${tsquery})::float8 AS score${carried}
           FROM (SELECT * FROM strong WHERE search_text @@ ${tsquery}
                 UNION ALL
                 SELECT * FROM others WHERE NOT EXISTS (SELECT 1 FROM strong WHERE strong.id = others.id)) c
          ORDER BY score DESC, ${tieBreak} LIMIT ${limit})`;
};

/**
 * How many rows match, counted up to `bound` (all of them when it is null), for a `WITH` made by
 * `rankedMatchesSql` with the same arguments: the other matches when they were read, else a count of its
 * own (ids only, nothing ranked).
 */
export const matchCountSql = (query: RankedMatches): string => {
  if (query.bound === null) return "(SELECT count(*) FROM others)";
  return `(CASE WHEN (SELECT needed FROM others_needed) THEN (SELECT count(*) FROM others)
            ELSE (SELECT count(*) FROM (SELECT 1 FROM ${query.table} WHERE ${matchWhereOf(query)} LIMIT ${query.bound}) m) END)`;
};
