/**
 * Text that reaches a model as data (a user's instruction, a recipe, a supplier's email, a store page) sits inside an XML-ish
 * element that the system prompt declares to be data. Escaping every `<` keeps such text from closing its
 * element or opening one that poses as our own; models read `&lt;` as `<` anyway.
 */
export const escapePromptData = (text: string): string => text.replaceAll("<", "&lt;");

/** `<tag>` … `</tag>` around escaped data, on lines of their own. */
export const wrapPromptData = (tag: string, text: string): string =>
  `<${tag}>\n${escapePromptData(text)}\n</${tag}>`;
