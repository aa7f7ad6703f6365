import type { ToolCall } from "../ports/tool-caller";

/** The seed's "дешевые" (cheap) without a number: its example caps phones at 20 000 ₽. */
export const CHEAP_MAX_PRICE_RUBLES = 20_000;

const NUMBER = String.raw`(\d[\d\s]*(?:[.,]\d+)?)\s*(?:k|к|тыс\.?)?`;
const number = (text: string): number => {
  const value = Number(text.replace(/\s/g, "").replace(",", "."));
  return value;
};
const thousands = (match: RegExpMatchArray): number => {
  const base = number(match[1] ?? "0");
  return /(k|к|тыс)\.?\s*$/i.test(match[0]) ? base * 1000 : base;
};

const STOPWORDS = new Set(
  "покажи покажите найди найти хочу мне нужны нужен нужна только лишь с со от до за под не дороже дешевле рейтингом рейтинг выше ниже и в на рублей руб ₽ show me find only with from under below over above up to rating the a an of for please i want cheap дешевые дешёвые дешевый недорогие".split(
    " ",
  ),
);

/**
 * Agent 1 offline (LLM_PROVIDER=none): rules that turn the seed's examples into the tool call the model
 * would make. Always a tool: anything it cannot read as a refinement is a new search.
 */
export const offlineAgent1 = (query: string): ToolCall => {
  const text = query.trim();
  const lower = text.toLowerCase();

  if (/^(undo|назад|отмени|отмена|верни)/.test(lower) || /\b(undo|go back)\b/.test(lower)) {
    const step = lower.match(/(?:step|шаг[а-яё]*)\s*(\d+)/);
    return { tool: "rollback", args: step?.[1] ? { to_step: Number(step[1]) } : {} };
  }
  if (/(sort|сортир|упорядоч)/.test(lower)) {
    const by = /(rating|рейтинг)/.test(lower) ? "rating" : "price";
    const desc = /(desc|highest|expensive|дорогие|убыв|сначала дорог|по убыванию)/.test(lower);
    return { tool: "sort_products", args: { by, order: desc ? "desc" : "asc" } };
  }
  const layout = /(table|таблиц)/.test(lower)
    ? "table"
    : /(as a list|списком|list view)/.test(lower)
      ? "list"
      : /(grid|сетк|плитк)/.test(lower)
        ? "grid"
        : undefined;
  if (layout) return { tool: "change_layout", args: { layout } };

  const args: Record<string, unknown> = {};
  const ratingMatch = lower.match(
    /(?:рейтинг[а-яё]*|rating)\s*(?:от|выше|не ниже|from|above|over|of|>=?)?\s*(\d(?:[.,]\d+)?)/,
  );
  if (ratingMatch?.[1]) args.min_rating = number(ratingMatch[1]);
  const withoutRating = ratingMatch ? lower.replace(ratingMatch[0], " ") : lower;
  const maxMatch = withoutRating.match(
    new RegExp(
      String.raw`(?:до|дешевле|не дороже|under|below|less than|up to|cheaper than|<)\s*\$?${NUMBER}`,
      "i",
    ),
  );
  if (maxMatch) args.max_price = thousands(maxMatch);
  const minMatch = withoutRating.match(
    // "не дороже 4200" is a ceiling, read above; "дороже" alone is a floor.
    new RegExp(String.raw`(?:от|(?<!не\s)дороже|over|above|more than|from|>)\s*\$?${NUMBER}`, "i"),
  );
  if (minMatch) args.min_price = thousands(minMatch);
  if (/(дешев|дешёв|недорог|\bcheap)/.test(lower) && args.max_price === undefined)
    args.max_price = CHEAP_MAX_PRICE_RUBLES;

  const words = text
    .replace(ratingMatch?.[0] ?? "\u0000", " ")
    .replace(maxMatch?.[0] ?? "\u0000", " ")
    .replace(minMatch?.[0] ?? "\u0000", " ")
    .split(/[\s,.!?$₽]+/)
    .filter((w) => w !== "" && !STOPWORDS.has(w.toLowerCase()) && !/^\d/.test(w));
  const cyrillic = /[а-яё]/i.test(text);
  // A Latin word in a Russian query is a brand ("телефоны Samsung"); in an English one it is just a word.
  const brandWord = words.find(
    (w) => /^[A-Z][A-Za-z0-9-]*$/.test(w) && (cyrillic || /\b(only|только)\b/i.test(lower)),
  );
  const refining = /(^|\s)(только|лишь|only)(\s|$)/.test(lower) || /^(с|with)\s/.test(lower);
  const rest = words.filter((w) => w !== brandWord);

  if (refining || rest.length === 0) {
    if (brandWord) args.brand = brandWord;
    return { tool: "filter_products", args };
  }
  if (brandWord) args.brand = brandWord;
  return { tool: "search_products", args: { query: rest.join(" "), ...args } };
};
