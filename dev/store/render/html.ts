/** Markup that is already escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlPart = SafeHtml | string | number | boolean | null | undefined | HtmlPart[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

const renderPart = (part: HtmlPart): string => {
  if (part === null || part === undefined || part === false || part === true) return "";
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(renderPart).join("");
  return escapeHtml(String(part));
};

/** Tagged template that escapes every interpolated value (text and attributes alike). */
export const html = (strings: TemplateStringsArray, ...values: HtmlPart[]): SafeHtml =>
  new SafeHtml(
    strings.reduce(
      (out, text, index) => out + text + (index < values.length ? renderPart(values[index]) : ""),
      "",
    ),
  );

/** JSON inside a `<script>`: not entity-escaped, but `<` escaped so it cannot close the script. */
export const jsonScript = (value: unknown): SafeHtml =>
  new SafeHtml(JSON.stringify(value).replace(/</g, "\\u003c"));
