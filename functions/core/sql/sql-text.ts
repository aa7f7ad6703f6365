/**
 * Small lexers over SQL text that skip what is not code: 'strings', "identifiers", $tag$ dollar quotes $tag$,
 * -- line and block comments. Used to rename `$n` placeholders for the Data API and to split a migration
 * file into statements (the Data API runs one statement per call).
 */
type Visitor = (index: number, char: string) => number | undefined;

const scan = (text: string, visitCode: Visitor): void => {
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    const next = text[i + 1];
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, i + 1);
      // A doubled quote inside a string is an escaped quote: the next loop turn starts a new "string".
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (char === "-" && next === "-") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (char === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
      continue;
    }
    if (char === "$") {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? text.length : end + tag[0].length;
        continue;
      }
    }
    const skipTo = visitCode(i, char);
    i = skipTo ?? i + 1;
  }
};

/** `$1` → `:p1` outside strings and comments (the Data API binds named parameters). */
export const toNamedPlaceholders = (text: string): string => {
  const parts: string[] = [];
  let last = 0;
  scan(text, (index, char) => {
    if (char !== "$") return undefined;
    const digits = /^\$(\d+)/.exec(text.slice(index));
    if (!digits) return undefined;
    parts.push(text.slice(last, index), `:p${digits[1]}`);
    last = index + digits[0].length;
    return last;
  });
  parts.push(text.slice(last));
  return parts.join("");
};

/** Splits a script on top-level semicolons; empty statements (comments only) are dropped. */
export const splitSqlStatements = (script: string): string[] => {
  const statements: string[] = [];
  let start = 0;
  scan(script, (index, char) => {
    if (char !== ";") return undefined;
    statements.push(script.slice(start, index));
    start = index + 1;
    return undefined;
  });
  statements.push(script.slice(start));
  return statements.map((s) => s.trim()).filter((s) => stripComments(s).trim().length > 0);
};

const stripComments = (statement: string): string =>
  statement.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "");
