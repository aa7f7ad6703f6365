import type { z } from "zod";
import { StorePageChangedError } from "../store-errors";
import type { FieldSource, PageSpec, RawRecord } from "./page-extraction";

/** A field source as a person reads it in an error: `selector[attribute]`, `closest(selector)`. */
export const describeSource = (source: FieldSource): string => {
  const where = source.closest ? `closest(${source.closest})` : (source.selector ?? ":scope");
  if (!source.attribute || where.endsWith(`[${source.attribute}]`)) return where;
  return `${where}[${source.attribute}]`;
};

/**
 * Reads one raw record (a tile, a cart line, the page itself) field by field, trying each field's
 * sources in registry order. A required field that no source yields raises StorePageChangedError naming
 * the selectors and the URL.
 */
export class RawRecordReader {
  constructor(
    private readonly record: RawRecord,
    private readonly fields: Record<string, FieldSource[]>,
    private readonly spec: PageSpec,
    private readonly url: string,
    private readonly what: string,
  ) {}

  /** Every non-empty single value the field's sources found, in preference order. */
  candidates(field: string): string[] {
    const values = this.record[field] ?? [];
    return values.filter((value): value is string => typeof value === "string" && value.trim() !== "");
  }

  /** The first non-empty value. */
  text(field: string): string | undefined {
    return this.candidates(field)[0];
  }

  /** The first source's value that `parse` accepts (machine-readable sources come first). */
  parsed<T>(field: string, parse: (text: string) => T | null | undefined): T | undefined {
    for (const candidate of this.candidates(field)) {
      const value = parse(candidate);
      if (value !== null && value !== undefined) return value;
    }
    return undefined;
  }

  /** Values of an `all` source (labels, breadcrumbs), from the first source that found any. */
  list(field: string): string[] {
    for (const value of this.record[field] ?? []) {
      if (Array.isArray(value) && value.length > 0) return value.map((v) => v.trim()).filter(Boolean);
    }
    return [];
  }

  /** Whether any source found the element at all (presence markers: unavailable button, promo class). */
  present(field: string): boolean {
    return (this.record[field] ?? []).some((value) => value !== null);
  }

  /**
   * A link field's first value resolved against `base` (the page's URL). A value that is no URL at all
   * (`http://[`) is a changed page naming the field, not a TypeError escaping the tool.
   */
  link(field: string, base: string): string | undefined {
    const text = this.text(field);
    if (text === undefined) return undefined;
    try {
      return new URL(text.trim(), base).href;
    } catch {
      return this.fail(field, this.fields[field] ?? [], `not a URL: ${JSON.stringify(text.slice(0, 200))}`);
    }
  }

  requiredLink(field: string, base: string): string {
    const url = this.link(field, base);
    if (url === undefined) throw this.changed(field);
    return url;
  }

  required<T>(field: string, parse: (text: string) => T | null | undefined): T {
    const value = this.parsed(field, parse);
    if (value === undefined) throw this.changed(field);
    return value;
  }

  /**
   * What the tool built from this record, checked against its result schema before it leaves the tool:
   * a page is untrusted, so a value no product could have is a StorePageChangedError naming the field
   * (and its selectors, when the registry has a field of that name) and the URL, never data passed on.
   */
  valid<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const path = issue?.path.map(String) ?? [];
    const field = path[0] ?? "";
    return this.fail(path.join(".") || "(record)", this.fields[field] ?? [], issue?.message ?? "invalid");
  }

  private fail(field: string, sources: FieldSource[], invalid: string): never {
    throw new StorePageChangedError({
      page: this.spec.page,
      registryVersion: this.spec.version,
      what: `${this.what} field "${field}"`,
      selectors: sources.map(describeSource),
      url: this.url,
      invalid,
    });
  }

  changed(field: string): StorePageChangedError {
    return new StorePageChangedError({
      page: this.spec.page,
      registryVersion: this.spec.version,
      what: `${this.what} field "${field}"`,
      selectors: (this.fields[field] ?? []).map(describeSource),
      url: this.url,
    });
  }
}

/** Raised when a list's root selectors match nothing on a page that is not legitimately empty. */
export const listNotFound = (spec: PageSpec, list: string, url: string): StorePageChangedError =>
  new StorePageChangedError({
    page: spec.page,
    registryVersion: spec.version,
    what: `"${list}" records`,
    selectors: spec.lists[list]?.root ?? [],
    url,
  });
