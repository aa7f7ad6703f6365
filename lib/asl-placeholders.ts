/** `${Name}` placeholders in an ASL document: the keys CDK's `definitionSubstitutions` must fill. */
export const aslPlaceholders = (asl: string): Set<string> =>
  new Set([...asl.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? ""));

/**
 * Why an ASL file and its substitution map disagree, or an empty list. An unfilled placeholder would
 * deploy a machine whose Task fails at run time; an unused key usually means a renamed state.
 */
export const substitutionMismatches = (asl: string, substitutionKeys: readonly string[]): string[] => {
  const placeholders = aslPlaceholders(asl);
  const keys = new Set(substitutionKeys);
  return [
    ...[...placeholders].filter((p) => !keys.has(p)).map((p) => `\${${p}} has no substitution`),
    ...[...keys].filter((k) => !placeholders.has(k)).map((k) => `substitution ${k} is not used in the ASL`),
  ];
};
