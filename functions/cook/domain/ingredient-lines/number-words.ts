/**
 * Numbers written as words in English and Portuguese recipes and instructions: one table for the
 * ingredient reader ("two eggs", "meia chávena") and the offline instruction parser ("serve four").
 */

/** Whole numbers: what an instruction counts ("for six people", "para quatro pessoas"). */
export const COUNT_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  três: 3,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
};

/** Every number word an amount may be written with: the counts, and dozens and halves. */
export const AMOUNT_WORDS: Readonly<Record<string, number>> = {
  ...COUNT_WORDS,
  dozen: 12,
  half: 0.5,
  quarter: 0.25,
  dúzia: 12,
  meio: 0.5,
  meia: 0.5,
};
