import { estimateCost, type ModelTokens, type Price } from "./cost";

/** One scenario's row: what was expected, what the model did, and what it cost. */
export interface LiveRow {
  area: string;
  name: string;
  expected: string;
  got: string;
  status: "match" | "MISMATCH" | "ERROR";
  calls: number;
  inputTokens: number;
  /** Of `inputTokens`, those read from the provider's prompt cache. */
  cachedInputTokens?: number;
  outputTokens: number;
  latencyMs: number;
  byModel: Record<string, ModelTokens>;
}

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + " ".repeat(width - text.length);
const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

const COLUMNS = [
  { title: "scenario", width: 20, of: (r: LiveRow) => `${r.area}/${r.name}` },
  { title: "result", width: 8, of: (r: LiveRow) => r.status },
  { title: "expected", width: 44, of: (r: LiveRow) => r.expected },
  { title: "got", width: 60, of: (r: LiveRow) => r.got },
  { title: "calls", width: 5, of: (r: LiveRow) => String(r.calls) },
  { title: "tokens in/out", width: 13, of: (r: LiveRow) => `${r.inputTokens}/${r.outputTokens}` },
  { title: "latency", width: 8, of: (r: LiveRow) => `${(r.latencyMs / 1000).toFixed(1)}s` },
] as const;

/** The table: one line per scenario, then the totals and the estimated cost. */
export const formatTable = (rows: readonly LiveRow[], price?: Price): string => {
  const line = (cells: string[]) => cells.join(" | ").trimEnd();
  // The scenario column is as wide as the longest name: a row is found by its full name (`area/name`).
  const widthOf = (c: (typeof COLUMNS)[number]) =>
    c.title === "scenario" ? Math.max(c.width, ...rows.map((r) => c.of(r).length)) : c.width;
  const header = line(COLUMNS.map((c) => pad(c.title, widthOf(c))));
  const body = rows.map((row) => line(COLUMNS.map((c) => pad(clip(c.of(row), widthOf(c)), widthOf(c)))));
  const byModel: Record<string, ModelTokens> = {};
  for (const row of rows) {
    for (const [model, tokens] of Object.entries(row.byModel)) {
      const sum = byModel[model] ?? { inputTokens: 0, outputTokens: 0 };
      sum.inputTokens += tokens.inputTokens;
      sum.outputTokens += tokens.outputTokens;
      byModel[model] = sum;
    }
  }
  const matched = rows.filter((r) => r.status === "match").length;
  const sum = (f: (r: LiveRow) => number) => rows.reduce((total, r) => total + f(r), 0);
  const cost = estimateCost(byModel, price);
  const models = Object.keys(byModel).join(", ") || "none";
  return [
    header,
    "-".repeat(header.length),
    ...body,
    "-".repeat(header.length),
    `totals: ${matched}/${rows.length} match, ${sum((r) => r.calls)} calls, ` +
      `${sum((r) => r.inputTokens)} input (${sum((r) => r.cachedInputTokens ?? 0)} of them cached) + ${sum((r) => r.outputTokens)} output tokens, ` +
      `${(sum((r) => r.latencyMs) / 1000).toFixed(1)}s`,
    `estimated cost: ${cost === undefined ? "unknown" : `$${cost.toFixed(4)}`} (models: ${models})`,
  ].join("\n");
};
