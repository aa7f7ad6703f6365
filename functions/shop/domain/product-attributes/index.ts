export * from "./attribute-lexicon";
export * from "./defining-attributes";
