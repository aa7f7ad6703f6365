import { z } from "zod";

/**
 * One place on a page to read a value from. `selector` is relative to the record's root (absent: the
 * root itself); `closest` reads from the nearest ancestor instead; `attribute` absent reads the text;
 * `all` reads every match as a list (labels, breadcrumbs).
 */
export interface FieldSource {
  selector?: string;
  closest?: string;
  attribute?: string;
  all?: boolean;
}

/** A repeated record (a product tile, a cart line): its root selectors (fallbacks in order) and fields. */
export interface ListSpec {
  root: string[];
  /** Each field lists its sources in order of preference: machine-readable first, visible text last. */
  fields: Record<string, FieldSource[]>;
}

/** What to read from one page in one pass. Built from the selector registry. */
export interface PageSpec {
  page: string;
  version: string;
  /** The page has loaded as expected once any of these is present. */
  ready: string[];
  /** Present when the page is legitimately empty (no results, empty cart). */
  empty: string[];
  values: Record<string, FieldSource[]>;
  lists: Record<string, ListSpec>;
}

/** One value per source, in the order of the spec (null when that source found nothing). */
export type RawValue = string | string[] | null;
export type RawRecord = Record<string, RawValue[]>;

export interface RawList {
  /** The root selector that matched, or null when none did. */
  rootSelector: string | null;
  records: RawRecord[];
}

/** A page as the browser read it: raw strings, untrusted until the tools parse them. */
export interface RawPage {
  /** The final URL after redirects. */
  url: string;
  status: number;
  values: RawRecord;
  lists: Record<string, RawList>;
  /** The `empty` selector that matched, or null. */
  emptyMarker: string | null;
}

const rawValueSchema = z.union([z.string(), z.array(z.string()), z.null()]);
const rawRecordSchema = z.record(z.string(), z.array(rawValueSchema));
/** The extractor's output crosses from the page back to us: checked like any untrusted data. */
export const extractedPageSchema = z.object({
  values: rawRecordSchema,
  lists: z.record(
    z.string(),
    z.object({ rootSelector: z.string().nullable(), records: z.array(rawRecordSchema) }),
  ),
  emptyMarker: z.string().nullable(),
  readyMarker: z.string().nullable(),
});

/**
 * The function that runs inside the page, as source text. It is a string on purpose: tsx and bundlers
 * rewrite TypeScript functions (esbuild's `__name` helpers), and such a function fails when Playwright
 * serialises it into the page. Plain ES2020, no dependencies; one pass over the DOM per page.
 */
export const IN_PAGE_EXTRACTOR_SOURCE = String.raw`(spec, doc = document) => {
  const clean = (text) => text.replace(/[ \t\r\n]+/g, " ").trim();
  const read = (element, source) => {
    if (source.attribute) return element.getAttribute(source.attribute);
    return clean(element.textContent || "");
  };
  const pick = (root, source) => {
    if (source.closest) {
      const ancestor = root.closest(source.closest);
      return ancestor ? read(ancestor, source) : null;
    }
    if (source.all) {
      const found = source.selector ? Array.from(root.querySelectorAll(source.selector)) : [root];
      return found.map((element) => read(element, source)).filter((value) => value !== null);
    }
    const element = source.selector ? root.querySelector(source.selector) : root;
    return element ? read(element, source) : null;
  };
  const readFields = (root, fields) => {
    const record = {};
    for (const name of Object.keys(fields)) record[name] = fields[name].map((source) => pick(root, source));
    return record;
  };
  const firstMatching = (selectors) => {
    for (const selector of selectors) {
      const found = doc.querySelectorAll(selector);
      if (found.length > 0) return { selector, elements: Array.from(found) };
    }
    return null;
  };
  const lists = {};
  for (const name of Object.keys(spec.lists)) {
    const list = spec.lists[name];
    const hit = firstMatching(list.root);
    lists[name] = {
      rootSelector: hit ? hit.selector : null,
      records: hit ? hit.elements.map((element) => readFields(element, list.fields)) : [],
    };
  }
  const emptyHit = firstMatching(spec.empty);
  const readyHit = firstMatching(spec.ready);
  return {
    values: readFields(doc.documentElement, spec.values),
    lists,
    emptyMarker: emptyHit ? emptyHit.selector : null,
    readyMarker: readyHit ? readyHit.selector : null,
  };
}`;

const specArgument = (spec: PageSpec): string =>
  JSON.stringify({ lists: spec.lists, values: spec.values, empty: spec.empty, ready: spec.ready });

/** The expression Playwright evaluates: the extractor applied to one page spec. */
export const inPageExtractionExpression = (spec: PageSpec): string =>
  `(${IN_PAGE_EXTRACTOR_SOURCE})(${specArgument(spec)})`;

/**
 * The extractor applied to an HTML text the session fetched, parsed inert by the page's DOMParser: no
 * navigation, no scripts run, no style or layout, no subresources (a page load cost Chromium about 80 ms
 * of CPU; this about a tenth of it). Same selectors, same output.
 */
export const htmlExtractionExpression = (spec: PageSpec, html: string): string =>
  `(${IN_PAGE_EXTRACTOR_SOURCE})(${specArgument(spec)}, new DOMParser().parseFromString(${JSON.stringify(html)}, "text/html"))`;
