import { escapeRegExp } from "../../../core/text/escape-reg-exp";
import type { CampaignFilters, DateRange, GroupBy } from "./campaign";
import {
  type CampaignToolName,
  FILTER_VALUES_MAX,
  FULL_TEXT_QUERY_MAX_CHARS,
  SEMANTIC_QUERY_MAX_CHARS,
} from "./campaign-tools";
import type { CampaignVocabulary } from "./ports/campaign-repository";

export interface RoutedCall {
  tool: CampaignToolName;
  args: Record<string, unknown>;
}

/** Where `term` first occurs in `message` as whole words, case-insensitively; -1 when it does not. */
const positionOf = (message: string, term: string): number => {
  if (term.trim().length <= 1) return -1;
  const match = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(term.trim())}($|[^\\p{L}\\p{N}])`, "iu").exec(
    message,
  );
  return match ? match.index : -1;
};

/** Stored values the message names, in the order it names them; "A / B" is named by "A / B", "A" or "B". */
const named = (message: string, values: readonly string[]): string[] =>
  values
    .map((value) => {
      const positions = [value, ...value.split(" / ")]
        .map((form) => positionOf(message, form))
        .filter((p) => p >= 0);
      return { value, position: positions.length > 0 ? Math.min(...positions) : -1 };
    })
    .filter((v) => v.position >= 0)
    .sort((a, b) => a.position - b.position)
    .map((v) => v.value);

/**
 * The words of `text` that fit in `max` characters, whole words only (one word longer than `max` is cut):
 * a chat message may be 4,000 characters, the tools' queries take 1,000 (semantic) or 500 (full text).
 */
export const clipWords = (text: string, max: number): string => {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const head = trimmed.slice(0, max + 1);
  const lastSpace = head.search(/\s\S*$/);
  return (lastSpace > 0 ? head.slice(0, lastSpace) : trimmed.slice(0, max)).trim();
};

/** Quoted phrases, each kept whole while they fit, the first one cut to fit if it alone does not. */
const phrasesQuery = (phrases: readonly string[], max: number): string => {
  let query = "";
  for (const phrase of phrases) {
    const next = `${query}${query ? " " : ""}"${phrase}"`;
    if (next.length <= max) query = next;
    else if (!query) query = `"${clipWords(phrase, max - 2)}"`;
    else break;
  }
  return query;
};

const DATE_WORDS: [RegExp, DateRange][] = [
  [/\blast quarter\b/i, "last quarter"],
  [/\bthis year\b/i, "this year"],
  [/\blast year\b/i, "last year"],
  [/\bthis month\b/i, "this month"],
  [/\b(recent|recently|latest|newest|lately)\b/i, "recent"],
];

const GROUP_WORDS: [RegExp, GroupBy][] = [
  [/\b(by|per|each) channel\b/i, "channel"],
  [/\b(by|per|each) company\b/i, "company"],
  [/\b(by|per|each) (value prop|value proposition)s?\b/i, "value_prop"],
  [/\b(by|per|each) sentiment\b/i, "sentiment"],
  [/\b(by|per|each) (visual )?style\b/i, "visual_style"],
  [/\b(by|per|each) month\b|\bmonthly\b/i, "month"],
];

const FULL_TEXT_VERB =
  /\b(mentions?|mentioning|says?|saying|said|contains?|containing|wording|phrase)\b\s*(.*)$/i;

/**
 * The deterministic router of the offline chat (LLM_PROVIDER=none): quoted phrases and "mentions/says"
 * go to full_text_search; a message naming a channel, value prop, sentiment, visual style, company, a date
 * range, an offer condition or a grouping goes to filter_campaigns; anything else to semantic_search. A
 * value both a value prop and a sentiment ("Premium") is taken as the sentiment, as in seed 002's worked
 * example: "recent Cash Back, Premium campaigns" is value_prop ["Cash Back / Rewards"], sentiment
 * ["Premium"]. Any message up to the request's 4,000 characters routes to arguments its tool accepts.
 */
export const routeMessage = (rawMessage: string, vocabulary: CampaignVocabulary): RoutedCall => {
  // PostgreSQL text holds no NUL; the tools' inputs refuse it.
  const message = rawMessage.replaceAll("\u0000", " ");
  const filters: CampaignFilters & { group_by?: GroupBy } = {};
  const sentiments = named(message, vocabulary.sentiment);
  const lists: [keyof CampaignVocabulary, string[]][] = [
    ["channel", named(message, vocabulary.channel)],
    [
      "value_prop",
      named(message, vocabulary.value_prop).filter(
        (v) => !sentiments.some((s) => s.toLowerCase() === v.toLowerCase()),
      ),
    ],
    ["sentiment", sentiments],
    ["visual_style", named(message, vocabulary.visual_style)],
    ["company", named(message, vocabulary.company)],
  ];
  for (const [key, all] of lists) {
    // Lists, as in the seed's example (`value_prop: ["Cash Back / Rewards"]`), at most the tool's 30.
    const values = all.slice(0, FILTER_VALUES_MAX);
    if (values.length > 0) filters[key] = values;
  }
  const date = DATE_WORDS.find(([pattern]) => pattern.test(message));
  if (date) filters.date_range = date[1];
  if (/\b(without|no) (an )?offers?\b/i.test(message)) filters.has_offer = false;
  else if (/\bwith (an )?offers?\b/i.test(message)) filters.has_offer = true;
  const group = GROUP_WORDS.find(([pattern]) => pattern.test(message));
  if (group) filters.group_by = group[1];

  const quoted = [...message.matchAll(/["“]([^"”]+)["”]/g)].map((m) => m[1]?.trim()).filter(Boolean);
  const verb = FULL_TEXT_VERB.exec(message);
  if (quoted.length > 0 || verb) {
    const { group_by: _unused, ...textFilters } = filters;
    const query =
      quoted.length > 0
        ? phrasesQuery(quoted as string[], FULL_TEXT_QUERY_MAX_CHARS)
        : clipWords((verb?.[2] ?? "").replace(/[?.!]+$/, "").trim() || message, FULL_TEXT_QUERY_MAX_CHARS);
    return { tool: "full_text_search", args: { query, ...textFilters } };
  }
  if (Object.keys(filters).length > 0) return { tool: "filter_campaigns", args: filters };
  return { tool: "semantic_search", args: { query: clipWords(message, SEMANTIC_QUERY_MAX_CHARS) } };
};
