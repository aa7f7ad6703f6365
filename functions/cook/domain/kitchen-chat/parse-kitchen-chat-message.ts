import { MEAL_TYPE_WORDS } from "../meal-names";
import { type MealType, PlanDateSchema } from "../planned-meal";
import type { Weekday } from "./weekday";

/*
 * The offline reading of a kitchen chat message (LLM_PROVIDER=none or the model failing): which day and
 * meal it is about, and whether it asks to undo a meal's changes or to change its recipe. The change
 * itself is left in words for the cook domain's own offline instruction parser.
 */

export type ChatLanguage = "en" | "pt";

export type DayMention = { kind: "weekday"; weekday: Weekday } | { kind: "date"; date: string };

export type KitchenMessage =
  | { kind: "clear_variant"; day: DayMention | null; mealType: MealType | null; language: ChatLanguage }
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

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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

/** The first day the message names (a date or a weekday), and the message without it. */
const takeDay = (text: string): { day: DayMention | null; rest: string; portuguese: boolean } => {
  const date = DATE_PATTERN.exec(text);
  const parsedDate = PlanDateSchema.safeParse(date?.groups?.date);
  if (date && parsedDate.success) {
    return {
      day: { kind: "date", date: parsedDate.data },
      rest: text.replace(date[0], " "),
      portuguese: false,
    };
  }
  const match = DAY_PATTERN.exec(text);
  const name = match?.groups?.day;
  const weekday = WEEKDAY_WORDS.findIndex((words) => name !== undefined && words.includes(name));
  if (!match || name === undefined || !isWeekday(weekday))
    return { day: null, rest: text, portuguese: false };
  return {
    day: { kind: "weekday", weekday },
    rest: text.replace(match[0], " "),
    // Each row lists the English name first.
    portuguese: WEEKDAY_WORDS[weekday]?.[0] !== name,
  };
};

const takeMealType = (text: string): { mealType: MealType | null; rest: string; portuguese: boolean } => {
  const match = MEAL_PATTERN.exec(text);
  const found = MEAL_TYPE_WORDS.find(({ name }) => name === match?.groups?.meal);
  if (!match || !found) return { mealType: null, rest: text, portuguese: false };
  return { mealType: found.mealType, rest: text.replace(match[0], " "), portuguese: found.language === "pt" };
};

export const parseKitchenMessage = (message: string): KitchenMessage => {
  const text = normalize(message);
  const day = takeDay(text);
  const meal = takeMealType(day.rest);
  const rest = stripFillers(meal.rest.replace(/\s+/g, " "));
  const language: ChatLanguage =
    day.portuguese || meal.portuguese || PORTUGUESE_HINTS.test(text) ? "pt" : "en";

  if (CLEAR_PATTERNS.some((pattern) => pattern.test(rest))) {
    return { kind: "clear_variant", day: day.day, mealType: meal.mealType, language };
  }
  if (day.day === null || rest === "") return { kind: "unrecognised", language };
  return { kind: "modify_recipe", day: day.day, mealType: meal.mealType, instruction: rest, language };
};
