import { escapeRegExp } from "../../../core/text/escape-reg-exp";
import { MEAL_TYPE_WORDS } from "../snapshots/meal-names";
import { type MealType, PlanDateSchema } from "../snapshots/planned-meal";
import type { Weekday } from "./weekday";

/*
 * The offline reading of a kitchen chat message (LLM_PROVIDER=none or the model failing): which day and
 * meal it is about, and whether it asks to undo a meal's changes or to change its recipe. The change
 * itself is left in words for the cook domain's own offline instruction parser.
 */

export type ChatLanguage = "en" | "pt";

export type DayMention = { kind: "weekday"; weekday: Weekday } | { kind: "date"; date: string };

export type KitchenMessage =
  | {
      kind: "clear_variant";
      /** Every day the message names, in its order ("Friday and Sunday"); empty when it names none. */
      days: DayMention[];
      mealType: MealType | null;
      language: ChatLanguage;
    }
  | {
      kind: "modify_recipe";
      day: DayMention;
      mealType: MealType | null;
      instruction: string;
      language: ChatLanguage;
    }
  | { kind: "unrecognised"; language: ChatLanguage };

/** Index = `Date#getUTCDay`. Portuguese names with and without accents and the "-feira" suffix. */
const WEEKDAY_WORDS: readonly (readonly string[])[] = [
  ["sunday", "domingo"],
  ["monday", "segunda"],
  ["tuesday", "terça", "terca"],
  ["wednesday", "quarta"],
  ["thursday", "quinta"],
  ["friday", "sexta"],
  ["saturday", "sábado", "sabado"],
];

/** Letters on neither side: `\b` is ASCII-only and would split "terça" or "sábado". */
const word = (alternatives: string): string => `(?<![\\p{L}-])(?:${alternatives})(?![\\p{L}])`;

/**
 * Words that tie a day or meal to the sentence: "on Friday", "for dinner", "na sexta", "ao jantar". Single
 * words only: LINKED repeats them, so "for the" is "for" then "the". A phrase here as well ("on the") would
 * give each run of links many parses, and the regex engine tries them all before failing: "on the " × 30
 * took minutes.
 */
const LINKS = "on|for|this|next|by|at|from|of|the|na|no|para|pra|pro|à|ao|de|da|do|em|o|a";
const LINKED = `(?:${word(LINKS)}\\s+)*`;

const DAY_PATTERN = new RegExp(
  `${LINKED}(?<day>${word(WEEKDAY_WORDS.flat().map(escapeRegExp).join("|"))})(?:-feira|'s|s)?(?![\\p{L}])`,
  "u",
);
const DATE_PATTERN = new RegExp(`${LINKED}(?<date>\\d{4}-\\d{2}-\\d{2})(?!\\d)`, "u");
const MEAL_PATTERN = new RegExp(
  `${LINKED}(?<meal>${word(MEAL_TYPE_WORDS.map(({ name }) => escapeRegExp(name)).join("|"))})(?:'s)?`,
  "u",
);

const LEADING_FILLERS = /^(?:please|can you|could you|would you|pls|por favor|podes|pode|consegues)\s+/u;
const TRAILING_FILLERS = /[\s,]+(?:please|thanks|thank you|por favor|obrigad[oa])$/u;
/** What removing the day and meal can leave dangling: "swap it for" ← "swap it for Friday". */
const DANGLING = new RegExp(`[\\s,;:]+(?:${LINKS}|to|in|and|e)?$`, "u");

const CLEAR_PATTERNS: readonly RegExp[] = [
  /^(?:remove|undo|clear|reset|revert|discard|drop|delete|cancel|get rid of)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|any\s+|those\s+|these\s+)?(?:modifications?|changes?|edits?|variants?|tweaks?)(?:\s+(?:to|from|of|on|in)\s+(?:it|this|that|the recipe|the meal))?$/u,
  /^(?:undo|revert)(?:\s+(?:it|that|this|everything|all))?$/u,
  /^(?:go\s+)?back to the original(?:\s+recipe)?$/u,
  /^(?:restore|use)\s+the original(?:\s+recipe)?$/u,
  /^(?:remove|remover|remova|retira|retirar|retire|tira|tirar|tire|apaga|apagar|limpa|limpar|anula|anular|desfaz|desfazer|desfaça)\s+(?:todas\s+)?(?:as\s+)?(?:alterações|alteracoes|modificações|modificacoes|mudanças|mudancas)$/u,
  /^(?:desfaz|desfazer|desfaça)(?:\s+(?:isso|isto|tudo|a alteração|a alteracao))?$/u,
  /^(?:volta|voltar|volte)\s+(?:à|a|para a)\s+receita original$/u,
  /^(?:repõe|repor|reponha)\s+a\s+receita original$/u,
];

const PORTUGUESE_HINTS =
  /[ãõçáéíóúâêô]|(?<![\p{L}])(?:troca|trocar|substitui|substituir|usa|usar|em vez|tira|tirar|adiciona|junta|põe|duplica|dobra|metade|sem|alterações|alteracoes|desfaz|desfazer|receita|obrigad[oa]|quero|frango|arroz)(?![\p{L}])/u;

const normalize = (message: string): string =>
  message
    .normalize("NFC")
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");

const stripFillers = (text: string): string => {
  let result = text.trim();
  for (let previous = ""; previous !== result; ) {
    previous = result;
    result = result
      .replace(LEADING_FILLERS, "")
      .replace(TRAILING_FILLERS, "")
      .replace(DANGLING, "")
      .replace(/^[\s,;:]+/, "")
      .trim();
  }
  return result;
};

const isWeekday = (index: number): index is Weekday => Number.isInteger(index) && index >= 0 && index <= 6;

/** A day the message named, taken out of it: days in a list join up ("friday and sunday" → one mark). */
const DAY_MARK = "\u0000";
const JOINED_DAY_MARKS = new RegExp(`${DAY_MARK}(?:\\s*(?:,|&|\\+|and|e)?\\s*${DAY_MARK})+`, "gu");

/** The day at the front of the remaining matches: a date, else a weekday name. */
const takeOneDay = (text: string): { day: DayMention; match: string; portuguese: boolean } | null => {
  const date = DATE_PATTERN.exec(text);
  const parsedDate = PlanDateSchema.safeParse(date?.groups?.date);
  const weekdayMatch = DAY_PATTERN.exec(text);
  const name = weekdayMatch?.groups?.day;
  const weekday = WEEKDAY_WORDS.findIndex((words) => name !== undefined && words.includes(name));
  const weekdayFound = weekdayMatch && name !== undefined && isWeekday(weekday);
  if (date && parsedDate.success && (!weekdayFound || date.index <= weekdayMatch.index)) {
    return { day: { kind: "date", date: parsedDate.data }, match: date[0], portuguese: false };
  }
  if (!weekdayFound) return null;
  // Each row lists the English name first.
  return {
    day: { kind: "weekday", weekday },
    match: weekdayMatch[0],
    portuguese: WEEKDAY_WORDS[weekday]?.[0] !== name,
  };
};

/**
 * Every day the message names (dates and weekdays, in order), and the message without them: a list of
 * days ("on Friday and on Sunday", "Friday, Sunday", "sexta e domingo") leaves nothing of itself behind,
 * so no day name or "and" can end up in an instruction.
 */
const takeDays = (text: string): { days: DayMention[]; rest: string; portuguese: boolean } => {
  const days: DayMention[] = [];
  let rest = text;
  let portuguese = false;
  for (let found = takeOneDay(rest); found !== null; found = takeOneDay(rest)) {
    const { day } = found;
    const seen = days.some((known) =>
      known.kind === "date"
        ? day.kind === "date" && known.date === day.date
        : day.kind === "weekday" && known.weekday === day.weekday,
    );
    if (!seen) days.push(day);
    portuguese ||= found.portuguese;
    rest = rest.replace(found.match, ` ${DAY_MARK} `);
  }
  rest = rest.replace(JOINED_DAY_MARKS, DAY_MARK).replaceAll(DAY_MARK, " ");
  return { days, rest, portuguese };
};

const takeMealType = (text: string): { mealType: MealType | null; rest: string; portuguese: boolean } => {
  const match = MEAL_PATTERN.exec(text);
  const found = MEAL_TYPE_WORDS.find(({ name }) => name === match?.groups?.meal);
  if (!match || !found) return { mealType: null, rest: text, portuguese: false };
  return { mealType: found.mealType, rest: text.replace(match[0], " "), portuguese: found.language === "pt" };
};

export const parseKitchenMessage = (message: string): KitchenMessage => {
  const text = normalize(message);
  const day = takeDays(text);
  const meal = takeMealType(day.rest);
  const rest = stripFillers(meal.rest.replace(/\s+/g, " "));
  const language: ChatLanguage =
    day.portuguese || meal.portuguese || PORTUGUESE_HINTS.test(text) ? "pt" : "en";

  if (CLEAR_PATTERNS.some((pattern) => pattern.test(rest))) {
    return { kind: "clear_variant", days: day.days, mealType: meal.mealType, language };
  }
  // A change names one meal: with several days (or none) it is not one the offline reading can make.
  const [only, ...more] = day.days;
  if (only === undefined || more.length > 0 || rest === "") return { kind: "unrecognised", language };
  return { kind: "modify_recipe", day: only, mealType: meal.mealType, instruction: rest, language };
};
