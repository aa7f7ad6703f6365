/**
 * `npm run store:check-substitutes [-- --pages DIR]`. Issue 46 first, pages or not: the ranking measured
 * on the labelled set (tests/fixtures/substitution-labels/auchan-pt-labels.json, written by a session that
 * never read our code; `--labels FILE` for another): the first substitute's acceptance, the strong traps
 * (candidates the household refuses rated "strong"), the classes of mistake and the ten worst originals.
 *
 * Then, with `--pages DIR` (or LARDER_REAL_PAGES_DIR=DIR): issue 24's check on
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
 *
 * Issue 37: every tile of those pages is then taken as the original (whether or not its name has a
 * defining attribute), twice: with each tile's category path (`item_category`..`item_category4`, what the
 * store tools read as `categoryPath`) passed to the ranking, and without it (names only). Checked per
 * original, the kind judged from the category path where both tiles have one, else from the names:
 *   4. whenever a candidate of the original's kind is on the page, the first substitute is of that kind;
 *   5. no candidate of another kind is "strong".
 * Prints both counts and the five worst cases (no same-kind first substitute, then most other-kind
 * "strong" candidates). Prints a line per original and the totals; exits 1 when any check fails (with the
 * category path), 2 when the pages are absent.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { LoggerPort } from "../functions/core/logger-port";
import { findAttributes, kindDifference, nameDifferences } from "../functions/shop/domain/product-attributes";
import type { SubstituteCandidate } from "../functions/shop/domain/substitution/substitution-contracts";
import { generateSubstituteQueries } from "../functions/shop/domain/use-cases/generate-substitute-queries";
import { rankSubstitutes } from "../functions/shop/domain/use-cases/rank-substitutes";
import { createFakeLlm } from "../tests/support/llm/fake-llm";
import { evaluateSubstitutions, SubstitutionLabelsSchema } from "./substitution-evaluation";

const { values } = parseArgs({
  options: { pages: { type: "string" }, labels: { type: "string" }, verbose: { type: "boolean" } },
});

// Issue 46: the labelled set.
const labelsFile =
  values.labels ?? join(import.meta.dirname, "../tests/fixtures/substitution-labels/auchan-pt-labels.json");
const evaluation = evaluateSubstitutions(
  SubstitutionLabelsSchema.parse(JSON.parse(readFileSync(labelsFile, "utf8"))),
);
const percent = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`;
console.log(
  `[labelled set] ${labelsFile}\n` +
    `originals: ${evaluation.originals}; with an acceptable candidate on the page: ${evaluation.withAcceptable}\n` +
    `first substitute acceptable: ${evaluation.firstAcceptable}/${evaluation.withAcceptable} (${percent(evaluation.firstAcceptable, evaluation.withAcceptable)}); ` +
    `one of the best: ${evaluation.firstBest}/${evaluation.withAcceptable}\n` +
    `strong traps (refused candidates rated strong): ${evaluation.strongTraps}; ` +
    `originals with nothing acceptable whose first substitute is strong: ${evaluation.strongWithoutAcceptable}`,
);
console.log(`classes of mistake, first substitute refused: ${JSON.stringify(evaluation.mistakes)}`);
console.log(`classes of mistake, strong traps: ${JSON.stringify(evaluation.trapMistakes)}`);
console.log("ten worst (first substitute refused; rank of the first acceptable one):");
for (const w of evaluation.worst) {
  console.log(
    `  ${w.name} → ${w.first?.name ?? "-"} (${w.first?.recommendation ?? "-"}): ${w.mistake}; first acceptable at ${w.firstAcceptableRank ?? "-"}`,
  );
}
const labelledFailures =
  evaluation.trapMistakes["another kind"] + evaluation.trapMistakes["loses a defining attribute"];

const root = values.pages ?? process.env.LARDER_REAL_PAGES_DIR;
const PAGES = [
  ["leite", "data/selectors/pages/search", /^search-results-leite_.*\.html$/],
  ["azeite", "data/selectors/pages/search", /^search-results-azeite_.*\.html$/],
  ["dairy", "data/artifacts/search-research", /^search-dairy_.*\.html$/],
] as const;
if (!root || !existsSync(join(root, "data/selectors/pages/search"))) {
  if (!root) {
    console.log("\n(no --pages: the checks on the saved pages themselves are skipped)");
    process.exit(labelledFailures > 0 ? 1 : 0);
  }
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
    let data: {
      item_id?: string;
      item_name?: string;
      item_brand?: string;
      price?: string;
      item_category?: string;
      item_category2?: string;
      item_category3?: string;
      item_category4?: string;
    };
    try {
      data = JSON.parse(unescapeHtml(json));
    } catch {
      continue;
    }
    if (!data.item_id || !data.item_name || tiles.has(data.item_id)) continue;
    const unit = chunk.match(/auc-measures--price-per-unit">([^<]+)</)?.[1]?.trim();
    const category = [data.item_category, data.item_category2, data.item_category3, data.item_category4]
      .map((level) => level?.trim())
      .filter((level): level is string => Boolean(level))
      .join("/");
    tiles.set(data.item_id, {
      productId: data.item_id,
      name: data.item_name.toLowerCase(),
      price: Number(data.price ?? 0),
      available: true,
      ...(unit ? { pricePerUnit: unit } : {}),
      ...(data.item_brand ? { brand: data.item_brand } : {}),
      ...(category ? { category } : {}),
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
          ...(original.category ? { category: original.category } : {}),
        },
        candidates,
      });
      const nameOf = (id: string) => candidates.find((c) => c.productId === id)?.name ?? id;
      // Keeps them, among candidates of the original's kind (another kind ranks below every one of its kind).
      const keeps = (id: string) => {
        const candidate = candidates.find((c) => c.productId === id);
        return (
          nameDifferences(original.name, nameOf(id)).length === 0 &&
          (candidate === undefined || kindDifference(original, candidate) === undefined)
        );
      };
      const keepers = candidates.filter((c) => keeps(c.productId)).length;
      const first = output.rankings[0];
      const firstOk = keepers === 0 || (first !== undefined && keeps(first.productId));
      if (keepers > 0) withKeepers++;
      if (keepers > 0 && firstOk) firstKeeps++;
      const strong = output.rankings.filter((r) => r.recommendation === "strong" && !keeps(r.productId));
      strongLosers += strong.length;
      const { queries } = await generateSubstituteQueries(deps, {
        productName: original.name,
        brands: tiles.flatMap((t) => (t.brand ? [t.brand] : [])).slice(0, 60),
      });
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
// Issue 37: every tile as the original, with and without the category path.
interface KindCase {
  name: string;
  page: string;
  sameKindOnPage: number;
  firstSameKind: boolean;
  otherKindStrong: number;
  first: string;
}
const kindPass = async (useCategory: boolean): Promise<KindCase[]> => {
  const cases: KindCase[] = [];
  for (const [label, dir, pattern] of PAGES) {
    const folder = join(root, dir);
    const seen = new Set<string>();
    for (const file of readdirSync(folder)
      .filter((f) => pattern.test(f))
      .sort()) {
      const tiles = readTiles(readFileSync(join(folder, file), "utf8"));
      for (const original of tiles) {
        if (seen.has(original.productId)) continue;
        seen.add(original.productId);
        const candidates = tiles.filter((t) => t.productId !== original.productId).slice(0, 40);
        if (candidates.length === 0) continue;
        const strip = <T extends { category?: string }>({ category: _c, ...rest }: T) => rest;
        const { output } = await rankSubstitutes(deps, {
          originalProduct: {
            name: original.name,
            price: original.price,
            ...(original.pricePerUnit ? { pricePerUnit: original.pricePerUnit } : {}),
            ...(useCategory && original.category ? { category: original.category } : {}),
          },
          candidates: useCategory ? candidates : candidates.map(strip),
        });
        const byId = new Map(candidates.map((c) => [c.productId, c]));
        // The kind as the strongest signal tells it: the category path where both tiles have one.
        const sameKind = (id: string) => {
          const c = byId.get(id);
          return c !== undefined && kindDifference(original, c) === undefined;
        };
        const first = output.rankings[0];
        cases.push({
          name: original.name,
          page: label,
          sameKindOnPage: candidates.filter((c) => sameKind(c.productId)).length,
          firstSameKind: first !== undefined && sameKind(first.productId),
          otherKindStrong: output.rankings.filter(
            (r) => r.recommendation === "strong" && !sameKind(r.productId),
          ).length,
          first: first ? (byId.get(first.productId)?.name ?? first.productId) : "-",
        });
      }
    }
  }
  return cases;
};
const summarizeKinds = (label: string, cases: KindCase[]) => {
  const withSame = cases.filter((c) => c.sameKindOnPage > 0);
  const firstOk = withSame.filter((c) => c.firstSameKind).length;
  const strong = cases.reduce((sum, c) => sum + c.otherKindStrong, 0);
  const originalsWithStrong = cases.filter((c) => c.otherKindStrong > 0).length;
  console.log(
    `\n[kind, ${label}] originals: ${cases.length}; first substitute of the same kind, where one is on the page: ` +
      `${firstOk}/${withSame.length}; other-kind candidates rated strong: ${strong} (for ${originalsWithStrong} originals)`,
  );
  const worst = [...cases]
    .sort(
      (a, b) =>
        Number(a.firstSameKind || a.sameKindOnPage === 0) -
          Number(b.firstSameKind || b.sameKindOnPage === 0) ||
        b.otherKindStrong - a.otherKindStrong ||
        a.sameKindOnPage - b.sameKindOnPage,
    )
    .slice(0, 5);
  for (const c of worst) {
    console.log(
      `  worst [${c.page}] ${c.name}: same kind on page ${c.sameKindOnPage}; 1st ${c.firstSameKind ? "same kind" : "OTHER kind"}: ${c.first}; other-kind strong ${c.otherKindStrong}`,
    );
  }
  return withSame.length - firstOk + strong;
};
const kindFailures = summarizeKinds("with the category path", await kindPass(true));
summarizeKinds("names only, no category path", await kindPass(false));

console.log(
  `\noriginals with a defining attribute: ${originals}\n` +
    `first substitute keeps them, where some candidate does: ${firstKeeps}/${withKeepers}\n` +
    `candidates that lose one rated strong: ${strongLosers}\n` +
    `primary query keeps them: ${queriesKeep}/${originals}`,
);
if (failures.length > 0 || kindFailures > 0 || originals < 10 || labelledFailures > 0) process.exit(1);
