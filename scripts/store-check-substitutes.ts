/**
 * `npm run store:check-substitutes -- --pages DIR` (or LARDER_REAL_PAGES_DIR=DIR): issue 24's check on
 * real search results nobody on the team wrote. DIR is a local copy of the public repository
 * raulfermoselle/ai-shopping-copilot (its `data/` folder); its saved Auchan.pt search pages for "leite",
 * "azeite" and the dairy searches are read from there at run time and never copied into this repository.
 *
 * Every real tile whose name has a defining attribute (sem lactose, de cabra, virgem extra, grego, bio, …)
 * is taken in turn as the unavailable original, the other tiles of its page as candidates, through the
 * same use cases as `POST /shop/substitutes/rank` and `/shop/substitutes/queries` answer offline (the
 * model unavailable: the heuristics `npm start` runs). Checked per original:
 *   1. whenever some candidate keeps the original's defining attributes, the first substitute keeps them;
 *   2. no candidate that loses one is "strong";
 *   3. the primary query keeps them.
 * Prints a line per original and the totals; exits 1 when any check fails, 2 when the pages are absent.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { LoggerPort } from "../functions/core/logger-port";
import { findAttributes, nameDifferences } from "../functions/shop/domain/product-attributes";
import type { SubstituteCandidate } from "../functions/shop/domain/substitution/substitution-contracts";
import { generateSubstituteQueries } from "../functions/shop/domain/use-cases/generate-substitute-queries";
import { rankSubstitutes } from "../functions/shop/domain/use-cases/rank-substitutes";
import { createFakeLlm } from "../tests/support/llm/fake-llm";

const { values } = parseArgs({ options: { pages: { type: "string" }, verbose: { type: "boolean" } } });
const root = values.pages ?? process.env.LARDER_REAL_PAGES_DIR;
const PAGES = [
  ["leite", "data/selectors/pages/search", /^search-results-leite_.*\.html$/],
  ["azeite", "data/selectors/pages/search", /^search-results-azeite_.*\.html$/],
  ["dairy", "data/artifacts/search-research", /^search-dairy_.*\.html$/],
] as const;
if (!root || !existsSync(join(root, "data/selectors/pages/search"))) {
  console.error(
    "No saved pages: pass --pages DIR (or LARDER_REAL_PAGES_DIR=DIR), DIR holding data/selectors/pages/search " +
      "and data/artifacts/search-research of raulfermoselle/ai-shopping-copilot (a local clone; never commit them).",
  );
  process.exit(2);
}

const unescapeHtml = (text: string): string =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The tiles of a saved search page, read from their `data-gtm-new` and unit-price label (one per id). */
export const readTiles = (html: string): SubstituteCandidate[] => {
  const tiles = new Map<string, SubstituteCandidate>();
  const chunks = html.split('data-gtm-new="').slice(1);
  for (const chunk of chunks) {
    const json = chunk.slice(0, chunk.indexOf('"'));
    let data: { item_id?: string; item_name?: string; item_brand?: string; price?: string };
    try {
      data = JSON.parse(unescapeHtml(json));
    } catch {
      continue;
    }
    if (!data.item_id || !data.item_name || tiles.has(data.item_id)) continue;
    const unit = chunk.match(/auc-measures--price-per-unit">([^<]+)</)?.[1]?.trim();
    tiles.set(data.item_id, {
      productId: data.item_id,
      name: data.item_name.toLowerCase(),
      price: Number(data.price ?? 0),
      available: true,
      ...(unit ? { pricePerUnit: unit } : {}),
      ...(data.item_brand ? { brand: data.item_brand } : {}),
    });
  }
  return [...tiles.values()];
};

const quiet: LoggerPort = { info: () => {}, warn: () => {}, error: () => {} } as unknown as LoggerPort;
// No model: every call fails, so the offline heuristics answer (what `npm start` runs without a key).
const deps = { llm: createFakeLlm(), logger: quiet };

let originals = 0;
let withKeepers = 0;
let firstKeeps = 0;
let strongLosers = 0;
let queriesKeep = 0;
const failures: string[] = [];
for (const [label, dir, pattern] of PAGES) {
  const folder = join(root, dir);
  const seen = new Set<string>();
  for (const file of readdirSync(folder)
    .filter((f) => pattern.test(f))
    .sort()) {
    const tiles = readTiles(readFileSync(join(folder, file), "utf8"));
    for (const original of tiles) {
      if (seen.has(original.productId)) continue;
      const defining = findAttributes(original.name);
      if (defining.length === 0) continue;
      seen.add(original.productId);
      const candidates = tiles.filter((t) => t.productId !== original.productId).slice(0, 40);
      if (candidates.length === 0) continue;
      originals++;
      const { output } = await rankSubstitutes(deps, {
        originalProduct: {
          name: original.name,
          price: original.price,
          ...(original.pricePerUnit ? { pricePerUnit: original.pricePerUnit } : {}),
        },
        candidates,
      });
      const nameOf = (id: string) => candidates.find((c) => c.productId === id)?.name ?? id;
      const keeps = (id: string) => nameDifferences(original.name, nameOf(id)).length === 0;
      const keepers = candidates.filter((c) => keeps(c.productId)).length;
      const first = output.rankings[0];
      const firstOk = keepers === 0 || (first !== undefined && keeps(first.productId));
      if (keepers > 0) withKeepers++;
      if (keepers > 0 && firstOk) firstKeeps++;
      const strong = output.rankings.filter((r) => r.recommendation === "strong" && !keeps(r.productId));
      strongLosers += strong.length;
      const { queries } = await generateSubstituteQueries(deps, { productName: original.name });
      const inQuery = new Set(findAttributes(queries.primaryQuery).map((f) => `${f.dimension}:${f.value}`));
      const queryOk = defining.every((f) => inQuery.has(`${f.dimension}:${f.value}`));
      if (queryOk) queriesKeep++;
      const ok = firstOk && strong.length === 0 && queryOk;
      if (!ok) failures.push(original.name);
      console.log(
        `${ok ? "ok  " : "FAIL"} [${label}] ${original.name} {${defining.map((f) => f.phrase).join(", ")}}` +
          ` keepers ${keepers}/${candidates.length}; 1st: ${first ? `${nameOf(first.productId)} (${first.recommendation})` : "-"}` +
          `; query "${queries.primaryQuery}"`,
      );
      if (values.verbose && first) console.log(`      ${first.reason}`);
    }
  }
}
console.log(
  `\noriginals with a defining attribute: ${originals}\n` +
    `first substitute keeps them, where some candidate does: ${firstKeeps}/${withKeepers}\n` +
    `candidates that lose one rated strong: ${strongLosers}\n` +
    `primary query keeps them: ${queriesKeep}/${originals}`,
);
if (failures.length > 0 || originals < 10) process.exit(1);
