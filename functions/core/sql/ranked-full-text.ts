/**
 * How many matches of each kind a ranked full-text search ranks. Ranking is the cost of a broad query:
 * PostgreSQL checks and ranks every matching row (about 8 µs a row on PGlite), so a query matching a third
 * of 100,000 rows took 370-630 ms. Instead, at most this many strong matches (rows where a query word is in
 * the title-weight text or three times or more: for one word such a row scores at least 1.0, any other at
 * most 0.8) and this many other matches are ranked. bench/README.md ("Full-text search in the chats' stores") gives the top-20
 * agreement with the exhaustive ranking on a realistic query set, and the broad case apart.
 */
export const RANK_CANDIDATES = 2000;

export interface RankedMatches {
  /** A table with `id`, `search_text` and a GIN index over `search_strong_lexemes(search_text)` (0004). */
  table: string;
  /** The query as a constant tsquery expression, so the GIN indexes serve it. */
  tsquery: string;
  /**
   * The query each row is checked and ranked with, when it depends on the row: the words parsed in the
   * row's own language (campaigns). `tsquery` then only finds the candidates through the indexes (it must
   * match every row this query matches).
   */
  rowQuery?: RowQuery;
  /** What every match meets besides the text, the tenant first; PostgreSQL may use indexes for them. */
  where: readonly string[];
  /**
   * The indexed condition that finds the matches, when it is not `search_text @@ tsquery`: an index over
   * the text and the rows' filter values (campaigns' facets, migration 0006) finds only the matches the
   * filters keep. It must hold on every row that matches and passes the filters.
   */
  matchIndex?: string;
  /**
   * Filters checked row by row, before the text, on the rows an index found: on the strong candidates
   * always, and on every match when there is a `rowQuery`. An index on them that is lossy (jsonb_path_ops
   * hashes) marks every intersected row for a recheck, and the recheck recomputes search_strong_lexemes on
   * each (about 35 µs a row): a filtered broad query spent 25 ms there.
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

export interface RowQuery {
  /** A tsquery expression over the row's columns (e.g. a CASE on its language). */
  query: string;
  /** The columns `query` reads, carried with the candidates. */
  columns: readonly string[];
  /**
   * SQL true when every row's query is one lexeme (a one-word query): then a row where it is strong
   * outscores every row where it is not, as for a one-word `tsquery`.
   */
  oneLexeme: string;
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

/**
 * The query's words parsed in several languages, for a table whose rows each have a `language` (their
 * search_text was made with it): any parse finds the candidates through the indexes, and each row is
 * checked and ranked with the parse in its own language. So an English stem never matches a Portuguese
 * row ("limited" and "limitado" are both 'limit'), and a one-word query is one lexeme on every row, which
 * lets a broad word skip its weak matches. `language` and `parse` are SQL: a regconfig and its tsquery.
 */
export const parsedInRowLanguage = (
  parses: readonly { language: string; parse: string }[],
): { tsquery: string; rowQuery: RowQuery } => {
  const each = parses.map(({ parse }) => parse);
  const cases = parses.map(({ language, parse }) => `WHEN ${language} THEN (SELECT ${parse})`);
  return {
    tsquery: anyOfParses(each),
    rowQuery: {
      query: `CASE language ${cases.join(" ")} END`,
      columns: ["language"],
      oneLexeme: `(SELECT bool_and(numnode(parse) <= 1) FROM unnest(ARRAY[${each.join(", ")}]) AS parse)`,
    },
  };
};

const asInitPlan = (tsquery: string): string => `(SELECT ${tsquery})`;

const rowCheck = (clause: string): string => `(${clause}) IS TRUE`;

/** What a row is checked and ranked with: its own query, else the query as an InitPlan value. */
const rowQueryOf = ({ tsquery, rowQuery }: RankedMatches): string => rowQuery?.query ?? asInitPlan(tsquery);

/**
 * The checks made on each row an index found, in this order: the filters, then `rowMatch` (a tsvector
 * match). PostgreSQL orders a row's conditions by its cost estimates, which rank a tsvector match below a
 * filter's `= ANY (…)`; a CASE keeps the cheap filters first, so a filtered count does not match the text
 * of every row the filters reject (40 → 20 ms, campaign "limitado" on one channel at 100,000 rows).
 */
const rowChecksOf = ({ rowFilters = [] }: RankedMatches, rowMatch: string): string =>
  rowFilters.length === 0
    ? rowCheck(rowMatch)
    : rowCheck(`CASE WHEN ${rowFilters.map(rowCheck).join(" AND ")} THEN ${rowMatch} END`);

/** Every match's conditions: the `where`, the text match (the indexes'; the row's own) and the filters. */
const matchWhereOf = (query: RankedMatches): string => {
  const indexed = [...query.where, query.matchIndex ?? `search_text @@ ${asInitPlan(query.tsquery)}`];
  return query.rowQuery
    ? [...indexed, rowChecksOf(query, `search_text @@ ${query.rowQuery.query}`)].join(" AND ")
    : [...indexed, ...(query.rowFilters ?? [])].join(" AND ");
};

/**
 * The CTEs of a full-text search ranked by ts_rank_cd over a bounded candidate set, ending in `ranked`
 * (id, score, the carried columns; the top `limit` in order). The caller reads the rows back by primary
 * key: `WITH ${rankedMatchesSql(...)} SELECT … FROM ranked JOIN table …`. Plain PostgreSQL (MATERIALIZED
 * CTEs with a LIMIT each), the same on Aurora as on PGlite.
 */
export const rankedMatchesSql = (query: RankedMatches): string => {
  const { table, where, carry = [], tieBreak, bound, limit } = query;
  // The query goes in as an InitPlan's value, which the planner does not look into: it estimates the
  // matches at its default (0.5 % of the rows) and reads them through the GIN index. Seen as a constant, a
  // word parsed in four languages (four equal lexemes, OR-ed) was estimated at 3.6 times its matches, and
  // with the LIMIT the planner chose to read the table in order instead: 85 ms against 37 ms over 100,000
  // campaigns (bench/README.md, "Search engine").
  const tsquery = asInitPlan(query.tsquery);
  const rowQuery = rowQueryOf(query);
  const columns = ["id", "search_text", ...carry, ...(query.rowQuery?.columns ?? [])].join(", ");
  const carried = carry.map((column) => `, ${column.split(/\s+AS\s+/i).at(-1)}`).join("");
  const matchWhere = matchWhereOf(query);
  // Every match is ranked: `others` holds them all (a count of it is exact). Not MATERIALIZED, so a
  // caller that reads it once gets the plain ranked scan.
  if (bound === null)
    return `others AS (SELECT ${columns} FROM ${table} WHERE ${matchWhere}),
       ranked AS MATERIALIZED (
         SELECT id, ts_rank_cd(search_text, ${rowQuery})::float8 AS score${carried} FROM others
          ORDER BY score DESC, ${tieBreak} LIMIT ${limit})`;
  // The strong index's condition alone finds the strong rows (so PostgreSQL reads no broad bitmap); the
  // filters and the query itself are checked on each row it finds (a "-word" or a phrase needs the whole
  // tsvector, and a row of another language may hold a lexeme of another parse), so that only matches
  // fill the bound.
  const strongWhere = [
    ...where,
    `search_strong_lexemes(search_text) @@ ${tsquery}`,
    rowChecksOf(query, `search_text @@ ${rowQuery}`),
  ].join(" AND ");
  // A row where a one-word query is strong scores at least 1.0 (an A-weight occurrence, or three at 0.4);
  // any other match at most 0.8 (two at 0.4). So a one-word query with at least `limit` matches scoring 1.0
  // reads no other match (an InitPlan, so PostgreSQL skips the scan when it is false).
  const oneLexeme = query.rowQuery?.oneLexeme ?? `numnode(${tsquery}) = 1`;
  return `strong AS MATERIALIZED (
         SELECT ${columns} FROM ${table} WHERE ${strongWhere} LIMIT ${bound}),
       strong_ranked AS MATERIALIZED (
         SELECT id, ts_rank_cd(search_text, ${rowQuery})::float8 AS score${carried} FROM strong),
       others_needed AS MATERIALIZED (
         SELECT NOT (${oneLexeme})
                OR (SELECT count(*) FROM strong_ranked WHERE score >= 1.0) < ${limit} AS needed),
       others AS MATERIALIZED (
         SELECT ${columns} FROM ${table} WHERE ${matchWhere} AND (SELECT needed FROM others_needed) LIMIT ${bound}),
       ranked AS MATERIALIZED (
         SELECT * FROM strong_ranked
         UNION ALL
         SELECT id, ts_rank_cd(search_text, ${rowQuery})::float8 AS score${carried}
           FROM others WHERE NOT EXISTS (SELECT 1 FROM strong WHERE strong.id = others.id)
          ORDER BY score DESC, ${tieBreak} LIMIT ${limit})`;
};

/**
 * How many rows match, counted up to `bound` (all of them when it is null), for a `WITH` made by
 * `rankedMatchesSql` with the same arguments: the other matches when they were read; `bound` when the
 * strong matches alone reach it; else a count of its own (ids only, nothing ranked).
 */
export const matchCountSql = (query: RankedMatches): string => {
  if (query.bound === null) return "(SELECT count(*) FROM others)";
  return `(CASE WHEN (SELECT needed FROM others_needed) THEN (SELECT count(*) FROM others)
            WHEN (SELECT count(*) FROM strong_ranked) >= ${query.bound} THEN ${query.bound}
            ELSE (SELECT count(*) FROM (SELECT 1 FROM ${query.table} WHERE ${matchWhereOf(query)} LIMIT ${query.bound}) m) END)`;
};
