import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProjectScript, type ScriptOutcome } from "../../support/project-script";
import { scaledTimeout } from "../../support/test-timeouts";

const run = (args: string[], env: Record<string, string> = {}): Promise<ScriptOutcome> =>
  runProjectScript("scripts/store-check-substitutes.ts", args, env);

/** One tile as a saved Auchan.pt search page writes it (our own made-up products, not the site's). */
const tile = (id: string, name: string, brand: string, price: string, unit: string): string => {
  const gtm = JSON.stringify({ item_id: id, item_name: name.toUpperCase(), item_brand: brand, price });
  return `<div class="product-tile" data-pid="${id}" data-gtm-new="${gtm.replaceAll('"', "&quot;")}"><span class="auc-measures--price-per-unit">${unit}</span></div>`;
};

const dir = mkdtempSync(join(tmpdir(), "larder-real-pages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const writePages = (): void => {
  const search = join(dir, "data/selectors/pages/search");
  mkdirSync(search, { recursive: true });
  mkdirSync(join(dir, "data/artifacts/search-research"), { recursive: true });
  const milks = [
    tile("101", "leite marca um uht meio gordo sem lactose 1l", "MARCA UM", "1.08", "1.08 €/Lt"),
    tile("102", "leite polegar uht meio gordo 1l", "POLEGAR", "0.79", "0.79 €/Lt"),
    tile("103", "leite marca dois meio gordo sem lactose 1l", "MARCA DOIS", "1.29", "1.29 €/Lt"),
    tile("104", "leite de cabra marca tres 1l", "MARCA TRES", "1.99", "1.99 €/Lt"),
    tile("105", "leite com chocolate polegar 1l", "POLEGAR", "0.99", "0.99 €/Lt"),
    tile("106", "leite condensado marca um 397g", "MARCA UM", "1.59", "4.01 €/Kg"),
    tile("107", "bebida de soja marca dois 1l", "MARCA DOIS", "1.49", "1.49 €/Lt"),
    tile("108", "leite de ovelha marca tres 1l", "MARCA TRES", "2.49", "2.49 €/Lt"),
  ];
  const oils = [
    tile("201", "azeite marca um bio virgem extra 500ml", "MARCA UM", "5.99", "11.98 €/Lt"),
    tile("202", "azeite polegar 750ml", "POLEGAR", "4.49", "5.99 €/Lt"),
    tile("203", "azeite virgem extra marca dois 750ml", "MARCA DOIS", "6.99", "9.32 €/Lt"),
    tile("204", "azeite virgem marca tres 1l", "MARCA TRES", "6.49", "6.49 €/Lt"),
    tile("205", "azeite refinado polegar 1l", "POLEGAR", "4.99", "4.99 €/Lt"),
  ];
  writeFileSync(join(search, "search-results-leite_2026-01-01.html"), `<html>${milks.join("\n")}</html>`);
  writeFileSync(join(search, "search-results-azeite_2026-01-01.html"), `<html>${oils.join("\n")}</html>`);
};

describe("npm run store:check-substitutes (issue 24's check on saved search pages)", () => {
  it(
    "without pages, measures the committed labelled set and says the page checks were skipped",
    async () => {
      const outcome = await run([]);
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toMatch(/first substitute acceptable/i);
      expect(outcome.stdout).toContain("(no --pages: the checks on the saved pages themselves are skipped)");
    },
    scaledTimeout(60_000),
  );

  it(
    "takes every tile with a defining attribute as the original and reports the three figures, all met",
    async () => {
      writePages();
      const outcome = await run(["--pages", dir]);
      expect(outcome.stdout).toContain("first substitute keeps them, where some candidate does: 4/4");
      expect(outcome.stdout).toContain("candidates that lose one rated strong: 0");
      expect(outcome.stdout).toMatch(/primary query keeps them: (\d+)\/\1/);
      expect(outcome.stdout).toContain('query "leite meio gordo sem lactose"');
      expect(outcome.code).toBe(0);
    },
    scaledTimeout(60_000),
  );
});
