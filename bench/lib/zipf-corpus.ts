import { seededRandom } from "../../tests/support/seeded-random";

/**
 * A deterministic corpus whose words follow Zipf's law, as real text does, for the search benches: each
 * language's stop words are the most frequent, then campaign words, then a long tail of made-up words
 * (3,000 word forms a language). Queries drawn from it are "realistic" (content words at their corpus
 * frequencies) or "broad" (each language's most frequent content words alone).
 */
export const VOCABULARY: Record<"english" | "portuguese" | "russian", string[]> = {
  english:
    "cash back rewards card premium travel lounge access miles points fee annual no hidden bonus offer limited time groceries fuel dining insurance purchase protection exclusive members welcome credit limit balance transfer interest free months statement contactless mobile wallet family shopping online store discount coupon partner hotel flight upgrade".split(
      " ",
    ),
  portuguese:
    "reembolso desconto cartão prémio viagem sala acesso milhas pontos taxa anual sem oferta tempo limitado supermercado combustível restaurante seguro compra proteção exclusivo clientes boas-vindas crédito limite saldo transferência juros meses extrato telemóvel carteira família compras loja cupão parceiro hotel voo".split(
      " ",
    ),
  russian:
    "кэшбэк бонусы карта премиум путешествия доступ мили баллы комиссия годовая без предложение ограниченное время покупка продукты топливо рестораны страховка защита эксклюзивно клиентам приветственный кредит лимит баланс перевод проценты месяцев выписка мобильный кошелёк семья магазин скидка купон партнёр отель перелёт".split(
      " ",
    ),
};
/** The most frequent words of each language, which no query is made of. */
export type CorpusLanguage = keyof typeof VOCABULARY;
export const LANGUAGES = Object.keys(VOCABULARY) as CorpusLanguage[];

export const STOP_WORDS: Record<CorpusLanguage, string[]> = {
  english: "the and for your with to of a in on you our is get more".split(" "),
  portuguese: "de a o que e do da em para com os no um uma seu".split(" "),
  russian: "и в на с для по не от за к до ваш это как все".split(" "),
};
const SYLLABLES: Record<CorpusLanguage, string[]> = {
  english: "ka lo mi ter ran sel do vin tro par ge ble nor fi sta".split(" "),
  portuguese: "ca lo mi ter ra sel do vim tro par ge bra nor fi ção".split(" "),
  russian: "ка ло ми тер ран сел до вин тро пар ге бле нор фи ста".split(" "),
};
export const WORD_FORMS = 3000;

/** A small deterministic generator, so every run loads the same rows. */
export const random = seededRandom(0x2545f491);
export const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

/** Each language's word forms, most frequent first: stop words, campaign words, made-up tail words. */
const corpusWords = (language: CorpusLanguage): string[] => {
  const words = [...STOP_WORDS[language], ...VOCABULARY[language]];
  const syllables = SYLLABLES[language];
  for (let i = 0; words.length < WORD_FORMS; i++) {
    let word = "";
    for (let n = i; word.length < 6 || n > 0; n = Math.floor(n / syllables.length))
      word += syllables[n % syllables.length];
    if (!words.includes(word)) words.push(word);
  }
  return words;
};

/** Samples ranks 0..n-1 with probability ∝ 1/(rank+1) (Zipf, s = 1), from `from` on. */
const zipfSampler = (n: number, from = 0) => {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = from; rank < n; rank++) {
    sum += 1 / (rank + 1);
    cumulative.push(sum);
  }
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return from + lo;
  };
};

export const WORDS = Object.fromEntries(
  LANGUAGES.map((language) => [language, corpusWords(language)]),
) as Record<CorpusLanguage, string[]>;
export const anyWord = zipfSampler(WORD_FORMS);
export const contentWord = zipfSampler(WORD_FORMS, STOP_WORDS.english.length);

/** 1-3 content words drawn at their corpus frequencies (half one word, a third two, the rest three). */
export const realisticQuery = (language: CorpusLanguage): string => {
  const draw = random();
  const count = draw < 0.5 ? 1 : draw < 0.83 ? 2 : 3;
  return Array.from({ length: count }, () => WORDS[language][contentWord()]).join(" ");
};
export const broadQueries = (language: CorpusLanguage): string[] =>
  WORDS[language].slice(STOP_WORDS[language].length, STOP_WORDS[language].length + 5);

/** `length` words of the language drawn at their corpus frequencies. */
export const corpusText = (language: CorpusLanguage, length: number): string =>
  Array.from({ length }, () => WORDS[language][anyWord()]).join(" ");
