export * from "./attribute-lexicon";
export * from "./defining-attributes";
export * from "./product-kinds";
