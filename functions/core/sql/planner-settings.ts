/**
 * Settings of PostgreSQL's query planner, the same locally (PGlite, set on its one session) and deployed
 * (the Aurora cluster's parameter group). `random_page_cost` prices a page read out of order: its default,
 * 4.0, prices a disk seek, but the search tables are read from memory (PGlite holds them in memory, Aurora
 * in its buffer cache). At 4.0 a ranked full-text search of 20,000 campaigns read the whole table to find
 * 1,047 matches instead of reading them through the GIN index (54 ms against 21 ms; the planner prices
 * each tsvector match as one operator). 1.1 is the usual value for data in memory or on SSD.
 */
export const PLANNER_SETTINGS: Readonly<Record<string, string>> = { random_page_cost: "1.1" };
