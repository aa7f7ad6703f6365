import { ValidationError } from "../../../core/errors";
import { matchStoredValue } from "../../../core/text/allowed-value";
import type { CampaignVocabulary } from "./ports/campaign-repository";

/** The filter dimensions whose stored values the model is told and its arguments are mapped onto. */
export const VOCABULARY_DIMENSIONS = [
  "channel",
  "value_prop",
  "sentiment",
  "visual_style",
  "company",
] as const satisfies readonly (keyof CampaignVocabulary)[];
export type VocabularyDimension = (typeof VOCABULARY_DIMENSIONS)[number];

/** A dimension with at most this many values is an enum in the tool schema; a larger one lists its most frequent. */
export const ENUM_MAX_VALUES = 40;
/** How many of a large dimension's most frequent values the prompt and the description name. */
export const FREQUENT_VALUES_SHOWN = 20;

/** The values shown to the model for one dimension: all of a small set, the most frequent of a large one. */
export const shownValues = (values: readonly string[]): { values: string[]; all: boolean } =>
  values.length <= ENUM_MAX_VALUES
    ? { values: [...values], all: true }
    : { values: values.slice(0, FREQUENT_VALUES_SHOWN), all: false };

const quoteList = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(", ");

/** One line per dimension: the stored values the model may use (vocabulary lists come most frequent first). */
export const describeVocabulary = (vocabulary: CampaignVocabulary): string[] =>
  VOCABULARY_DIMENSIONS.filter((d) => vocabulary[d].length > 0).map((dimension) => {
    const { values, all } = shownValues(vocabulary[dimension]);
    return all
      ? `${dimension}: ${quoteList(values)}`
      : `${dimension} (${vocabulary[dimension].length} in all; the most frequent): ${quoteList(values)}`;
  });

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/**
 * A tool's arguments with every filter value mapped onto the stored one. A value matching none throws a
 * ValidationError the agent loop hands back to the model, naming the valid values, so it can correct its
 * call within its turns: a filter never silently returns a different set than the one asked for. A
 * dimension with no stored value at all is left as given (it matches nothing either way).
 */
export const normaliseFilterArgs = <T extends Record<string, unknown>>(
  args: T,
  vocabulary: CampaignVocabulary,
): T => {
  const out: Record<string, unknown> = { ...args };
  const problems: { path: string; message: string }[] = [];
  for (const dimension of VOCABULARY_DIMENSIONS) {
    const given = args[dimension];
    const stored = vocabulary[dimension];
    if (given === undefined || stored.length === 0) continue;
    const mapped = asList(given).map((raw) => {
      const value = typeof raw === "string" ? matchStoredValue(raw, stored) : undefined;
      if (value === undefined) {
        const { values, all } = shownValues(stored);
        problems.push({
          path: dimension,
          message: `unknown value ${JSON.stringify(raw)}; ${all ? "valid values" : "the most frequent values"}: ${quoteList(values)}`,
        });
      }
      return value ?? raw;
    });
    const unique = [...new Set(mapped)];
    out[dimension] = Array.isArray(given) ? unique : unique[0];
  }
  if (problems.length > 0) {
    throw new ValidationError(
      `${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}. Call again with stored values.`,
      problems,
    );
  }
  return out as T;
};

/** Whether `args` hold only stored values (what the outcomes of a run can be mapped with, never throwing). */
export const tryNormaliseFilterArgs = <T extends Record<string, unknown>>(
  args: T,
  vocabulary: CampaignVocabulary,
): T => {
  try {
    return normaliseFilterArgs(args, vocabulary);
  } catch {
    return args;
  }
};

/**
 * A tool's JSON schema with the stored values of each dimension: an enum for a small set (on the single
 * value and on the list's items), the most frequent values in the description of a large one.
 */
export const withAllowedValues = (
  inputSchema: Record<string, unknown>,
  vocabulary: CampaignVocabulary,
): Record<string, unknown> => {
  const properties = { ...((inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>) };
  for (const dimension of VOCABULARY_DIMENSIONS) {
    const property = properties[dimension];
    const stored = vocabulary[dimension];
    if (!property || stored.length === 0) continue;
    const { values, all } = shownValues(stored);
    const description = `${String(property.description ?? "")}. ${all ? "Allowed values" : `The most frequent of ${stored.length} values`}: ${quoteList(values)}`;
    properties[dimension] = all
      ? { ...withEnum(property, values), description }
      : { ...property, description };
  }
  return { ...inputSchema, properties };
};

const withEnum = (node: Record<string, unknown>, values: string[]): Record<string, unknown> => {
  if (node.type === "string") return { ...node, enum: values };
  if (node.type === "array" && node.items && typeof node.items === "object")
    return { ...node, items: withEnum(node.items as Record<string, unknown>, values) };
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = node[key];
    if (Array.isArray(branches))
      return { ...node, [key]: branches.map((b) => withEnum(b as Record<string, unknown>, values)) };
  }
  return node;
};
