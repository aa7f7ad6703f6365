import { parseIngredientLine } from "../ingredient-lines/ingredient-line";
import { COUNT_WORDS } from "../ingredient-lines/number-words";
import type { PatchOpsGenerator } from "../ports/patch-ops-generator";
import type { Recipe } from "../recipes/recipe";
import type { PatchGenResult } from "./patch-gen-result";
import type { PatchOp } from "./patch-op";
import { resolveIngredientTarget } from "./resolve-ingredient-target";

/*
 * The offline patch generator (LLM_PROVIDER=none): plain instructions in English and Portuguese become
 * PatchOps by pattern; anything else gets a clarification, never a guess. It implements the same port as
 * the LLM generator, so the use cases do not know which one served.
 */

type Language = "en" | "pt";

type Clause =
  | { kind: "replace"; target: string; replacement: string }
  | { kind: "remove"; target: string }
  | { kind: "add"; ingredient: string }
  | { kind: "scale"; factor: number }
  | { kind: "serve"; people: number };

interface Pattern {
  language: Language;
  regex: RegExp;
  build: (groups: Record<string, string>) => Clause | null;
}

const countOf = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const value = /^\d+$/.test(text) ? Number(text) : COUNT_WORDS[text];
  return value !== undefined && value > 0 ? value : null;
};

const COUNT = String.raw`(?<n>\d+|${Object.keys(COUNT_WORDS).join("|")})`;
const REST = `(?<rest>.*)`;

const replace = ({ x, y }: Record<string, string>): Clause | null =>
  x && y ? { kind: "replace", target: x, replacement: y } : null;
const remove = ({ x }: Record<string, string>): Clause | null => (x ? { kind: "remove", target: x } : null);
const add = ({ y }: Record<string, string>): Clause | null => (y ? { kind: "add", ingredient: y } : null);
const scaleBy =
  (factor: number) =>
  ({ rest }: Record<string, string>): Clause | null =>
    /^(?:\s*(?:it|the recipe|the quantities|everything|all|a receita|as quantidades|tudo|isso))?\s*$/.test(
      rest ?? "",
    )
      ? { kind: "scale", factor }
      : null;
const serve = ({ n }: Record<string, string>): Clause | null => {
  const people = countOf(n);
  return people === null ? null : { kind: "serve", people };
};

/** Ordered: "use Y instead of X" before "use"-less forms, Portuguese "põe Y em vez de X" before "põe Y". */
const PATTERNS: Pattern[] = [
  {
    language: "en",
    regex: /^(?:use|try|go with)\s+(?<y>.+?)\s+(?:instead of|in place of|rather than)\s+(?<x>.+)$/,
    build: replace,
  },
  { language: "en", regex: /^(?<y>.+?)\s+instead of\s+(?<x>.+)$/, build: replace },
  {
    language: "en",
    regex: /^(?:replace|change|switch)\s+(?<x>.+?)\s+(?:with|by|for|to)\s+(?<y>.+)$/,
    build: replace,
  },
  { language: "en", regex: /^substitute\s+(?<x>.+?)\s+with\s+(?<y>.+)$/, build: replace },
  // "substitute tofu for chicken" means: use tofu in place of chicken.
  { language: "en", regex: /^substitute\s+(?<y>.+?)\s+for\s+(?<x>.+)$/, build: replace },
  {
    language: "en",
    regex: /^(?:swap|exchange|trade)\s+(?:out\s+)?(?<x>.+?)\s+(?:for|with|to)\s+(?<y>.+)$/,
    build: replace,
  },
  {
    language: "en",
    regex: /^(?:remove|drop|omit|delete|skip|take out|leave out|get rid of|no)\s+(?<x>.+)$/,
    build: remove,
  },
  { language: "en", regex: /^(?:make it\s+)?without\s+(?<x>.+)$/, build: remove },
  { language: "en", regex: /^leave\s+(?<x>.+?)\s+out$/, build: remove },
  { language: "en", regex: /^(?:add|include|throw in|put in)\s+(?<y>.+)$/, build: add },
  { language: "en", regex: new RegExp(`^(?:double|twice)${REST}$`), build: scaleBy(2) },
  { language: "en", regex: new RegExp(`^triple${REST}$`), build: scaleBy(3) },
  { language: "en", regex: new RegExp(`^(?:halve|half|cut in half)${REST}$`), build: scaleBy(0.5) },
  {
    language: "en",
    regex: /^(?:make (?:it |this )?|cut (?:it )?)?(?:in )?half(?: the recipe| the quantities| of it)?$/,
    build: scaleBy(0.5),
  },
  {
    language: "en",
    regex: new RegExp(
      String.raw`^(?:make (?:it |this |the recipe )?|scale (?:it |this |the recipe )?(?:up |down )?|cook )?(?:for|to serve|serves?|to)\s+${COUNT}(?:\s+(?:people|persons|servings|portions|guests))?$`,
    ),
    build: serve,
  },
  {
    language: "pt",
    regex:
      /^(?:usa|usar|use|utiliza|utilizar|põe|poe|coloca)\s+(?<y>.+?)\s+(?:em vez d[eoa]s?|no lugar d[eoa]s?|ao inv[eé]s d[eoa]s?)\s+(?<x>.+)$/,
    build: replace,
  },
  { language: "pt", regex: /^(?<y>.+?)\s+(?:em vez d[eoa]s?|no lugar d[eoa]s?)\s+(?<x>.+)$/, build: replace },
  {
    language: "pt",
    regex:
      /^(?:substitui|substituir|substitua|substitue|troca|trocar|troque|muda|mudar|mude)\s+(?<x>.+?)\s+(?:por|pel[oa]s?|com)\s+(?<y>.+)$/,
    build: replace,
  },
  {
    language: "pt",
    regex:
      /^(?:remove|remover|remova|retira|retirar|retire|tira|tirar|tire|elimina|eliminar|sem)\s+(?<x>.+)$/,
    build: remove,
  },
  {
    language: "pt",
    regex:
      /^(?:adiciona|adicionar|adicione|acrescenta|acrescentar|acrescente|junta|juntar|junte|põe|poe|pôr|por|coloca)\s+(?<y>.+)$/,
    build: add,
  },
  {
    language: "pt",
    regex: new RegExp(`^(?:duplica|duplicar|duplique|dobra|dobrar|dobre|o dobro)${REST}$`),
    build: scaleBy(2),
  },
  {
    language: "pt",
    regex: new RegExp(`^(?:triplica|triplicar|triplique)${REST}$`),
    build: scaleBy(3),
  },
  {
    language: "pt",
    regex:
      /^(?:faz |fazer |faça |reduz |reduzir |reduza |corta |cortar )?(?:a |para (?:a )?|pela |em )?metade(?: da receita| das quantidades)?$/,
    build: scaleBy(0.5),
  },
  {
    language: "pt",
    regex: new RegExp(
      String.raw`^(?:faz |fazer |faça |ajusta |ajustar |ajuste )?(?:a receita |isto )?para\s+${COUNT}(?:\s+(?:pessoas?|porç(?:ões|ão)|doses?))?$`,
    ),
    build: serve,
  },
];

const LEADING_FILLERS = /^(?:please|can you|could you|pls|por favor|podes|pode|consegues)\s+/;
/** Courtesy and "which meal" words: the meal is already chosen when the parser runs. */
const TRAILING_FILLERS =
  /[\s,]+(?:please|thanks|thank you|por favor|obrigad[oa]|in the recipe|from the recipe|in it|na receita|da receita|do prato|(?:on|for) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tonight|tomorrow)|for (?:breakfast|lunch|dinner)|(?:na|no|para) (?:segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo)(?:-feira)?|(?:ao|para o) (?:pequeno-almoço|almoço|almoco|jantar|lanche)|hoje|amanhã)$/;
const ARTICLES = /^(?:the|a|an|some|my|o|a|os|as|um|uma|uns|umas|do|da|dos|das)\s+/;

const cleanInstruction = (text: string): string => {
  let result = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!?]+$/, "");
  for (let previous = ""; previous !== result; ) {
    previous = result;
    result = result.replace(LEADING_FILLERS, "").replace(TRAILING_FILLERS, "").trim();
  }
  return result;
};

const cleanName = (text: string): string =>
  text
    .replace(ARTICLES, "")
    .replace(/^["']|["',;]$/g, "")
    .trim();

const recognise = (clause: string): { clause: Clause; language: Language } | null => {
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(clause);
    if (!match) continue;
    const groups = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([key, value]) => [
        key,
        key === "rest" ? (value ?? "") : cleanName(value ?? ""),
      ]),
    );
    const built = pattern.build(groups);
    if (built) return { clause: built, language: pattern.language };
  }
  return null;
};

/** "replace chicken with tofu and double it": several clauses, each of which must be recognised. */
const CLAUSE_SEPARATORS = /\s*(?:;|,|\band then\b|\bthen\b|\band\b|\be depois\b|\bdepois\b|\be\b)\s*/;

const splitAndRecognise = (text: string): { clauses: Clause[]; language: Language } | null => {
  const parts = text.split(CLAUSE_SEPARATORS).filter((part) => part !== "");
  if (parts.length > 1) {
    const recognised = parts.map(recognise);
    if (recognised.every((r) => r !== null)) {
      return {
        clauses: recognised.flatMap((r) => (r ? [r.clause] : [])),
        language: recognised.some((r) => r?.language === "pt") ? "pt" : "en",
      };
    }
  }
  const whole = recognise(text);
  return whole ? { clauses: [whole.clause], language: whole.language } : null;
};

const PORTUGUESE_HINTS =
  /[ãõç]|\b(?:por|em vez|para|pessoas|tira|troca|substitui|adiciona|metade|dobro|receita|sem|com|faz|fazer|mais|menos|quero|põe|também|muito)\b/;

const MESSAGES = {
  en: {
    unrecognised: (ingredients: string) =>
      `I can only make simple changes without the assistant: "replace X with Y", "remove X", "add Y", "double", "halve" or "for N people". The ingredients are: ${ingredients}.`,
    notFound: (name: string, ingredients: string) =>
      `I could not find "${name}" in this recipe. The ingredients are: ${ingredients}.`,
    ambiguous: (name: string, options: string) =>
      `"${name}" matches more than one ingredient: ${options}. Which one do you mean?`,
    noServings: (people: number) =>
      `This recipe does not say how many it serves, so I cannot scale it for ${people}. Try "double" or "halve".`,
  },
  pt: {
    unrecognised: (ingredients: string) =>
      `Sem o assistente só consigo fazer alterações simples: "substitui X por Y", "tira X", "adiciona Y", "duplica", "metade" ou "para N pessoas". Os ingredientes são: ${ingredients}.`,
    notFound: (name: string, ingredients: string) =>
      `Não encontrei "${name}" nesta receita. Os ingredientes são: ${ingredients}.`,
    ambiguous: (name: string, options: string) =>
      `"${name}" corresponde a mais de um ingrediente: ${options}. Qual deles?`,
    noServings: (people: number) =>
      `A receita não diz para quantas pessoas é, por isso não a consigo ajustar para ${people}. Experimenta "duplica" ou "metade".`,
  },
} as const;

const clarify = (message: string): PatchGenResult => ({
  ops: [],
  needs_clarification: true,
  clarification_message: message,
});

/** "0) 500 g chicken; 1) salt q.b" with no trailing period, as messages end with their own. */
const listIngredients = (recipe: Recipe): string =>
  recipe.ingredients_raw
    .map((line, index) => `${index}) ${line}`)
    .join("; ")
    .replace(/\.+$/, "");

/** "tofu" keeps the replaced line's amount ("500 g tofu"); "400 g tofu" brings its own. */
const replacementFor = (text: string, originalLine: string): { name: string; quantity: string } => {
  const parsed = parseIngredientLine(text);
  if (parsed.quantity !== null && parsed.amountText !== null && parsed.description !== "") {
    return { name: parsed.description, quantity: parsed.amountText };
  }
  return { name: text, quantity: parseIngredientLine(originalLine).amountText ?? "" };
};

/** Whether a text reads as one of the plain change forms ("swap X for Y", "remove X", "double it"), whatever the recipe. */
export const readsAsRecipeChange = (text: string): boolean => {
  const cleaned = cleanInstruction(text);
  return cleaned !== "" && splitAndRecognise(cleaned) !== null;
};

/**
 * Parses an instruction against a base recipe. Every named ingredient must resolve to exactly one
 * target_index; otherwise (or when the instruction is not one of the plain forms) the result asks for
 * clarification with no ops.
 */
export const parseInstructionOffline = (recipe: Recipe, instruction: string): PatchGenResult => {
  const text = cleanInstruction(instruction);
  const guessedLanguage: Language = PORTUGUESE_HINTS.test(text) ? "pt" : "en";
  const recognised = text === "" ? null : splitAndRecognise(text);
  if (recognised === null) return clarify(MESSAGES[guessedLanguage].unrecognised(listIngredients(recipe)));

  const messages = MESSAGES[recognised.language];
  const ops: PatchOp[] = [];
  for (const clause of recognised.clauses) {
    if (clause.kind === "add") {
      ops.push({
        op: "add_ingredient",
        new_ingredient: clause.ingredient,
        acknowledged: false,
        reason: "user_request",
      });
      continue;
    }
    if (clause.kind === "scale" || clause.kind === "serve") {
      if (clause.kind === "serve" && recipe.servings === undefined)
        return clarify(messages.noServings(clause.people));
      const factor =
        clause.kind === "scale" ? clause.factor : clause.people / (recipe.servings ?? clause.people);
      ops.push({ op: "scale_servings", scale_factor: factor, acknowledged: false, reason: "user_request" });
      continue;
    }
    const target = resolveIngredientTarget(recipe.ingredients_raw, clause.target);
    if (target.kind === "not_found")
      return clarify(messages.notFound(clause.target, listIngredients(recipe)));
    if (target.kind === "ambiguous") {
      const options = target.candidates.map(({ index, line }) => `${index}) ${line}`).join("; ");
      return clarify(messages.ambiguous(clause.target, options));
    }
    const originalLine = recipe.ingredients_raw[target.index] ?? "";
    ops.push(
      clause.kind === "remove"
        ? {
            op: "remove_ingredient",
            target_index: target.index,
            target_name: target.target_name,
            // The user asked for the removal in so many words: that is the acknowledgement.
            acknowledged: true,
            reason: "user_request",
          }
        : {
            op: "replace_ingredient",
            target_index: target.index,
            target_name: target.target_name,
            replacement: replacementFor(clause.replacement, originalLine),
            acknowledged: false,
            reason: "user_request",
          },
    );
  }
  return { ops, needs_clarification: false, clarification_message: null };
};

export const offlinePatchOpsGenerator: PatchOpsGenerator = async ({ recipe, instruction }) =>
  parseInstructionOffline(recipe, instruction);
