/**
 * The one placeholder that is not a function: the name of the app's EventBridge bus (`larder-<stage>`),
 * which a workflow's `arn:aws:states:::events:putEvents` Tasks name. CDK fills it with the bus it creates,
 * the local runner with its in-process bus; a workflow that publishes nothing need not use it.
 */
export const EVENT_BUS_PLACEHOLDER = "EventBusName";

/** The Step Functions optimised integration a workflow publishes its domain events with. */
export const PUT_EVENTS_RESOURCE = "arn:aws:states:::events:putEvents";

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
  // The bus is always there to be named; a workflow that publishes nothing simply does not name it.
  if (placeholders.has(EVENT_BUS_PLACEHOLDER) && !keys.has(EVENT_BUS_PLACEHOLDER))
    keys.add(EVENT_BUS_PLACEHOLDER);
  else if (!placeholders.has(EVENT_BUS_PLACEHOLDER)) keys.delete(EVENT_BUS_PLACEHOLDER);
  return [
    ...[...placeholders].filter((p) => !keys.has(p)).map((p) => `\${${p}} has no substitution`),
    ...[...keys].filter((k) => !placeholders.has(k)).map((k) => `substitution ${k} is not used in the ASL`),
  ];
};
