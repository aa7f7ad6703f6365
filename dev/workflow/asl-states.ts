/** The parts of an ASL definition the local runner inspects, as parsed from JSON. */
export interface AslStates {
  StartAt?: unknown;
  States?: Record<string, AslState>;
  QueryLanguage?: unknown;
}

export interface AslState {
  Type?: unknown;
  Resource?: unknown;
  Parameters?: unknown;
  Retry?: unknown;
  QueryLanguage?: unknown;
  Assign?: unknown;
  ItemProcessor?: AslStates;
  Iterator?: AslStates;
  Branches?: AslStates[];
}

export interface LocatedState {
  name: string;
  state: AslState;
  /** Where the state sits, for error messages: `FanOut › ItemProcessor › ProcessItem`. */
  path: string;
}

/**
 * Every state of a definition, including those inside Map item processors and Parallel branches. The
 * local runner keys task handlers by state name at every depth (that is how aws-local-stepfunctions
 * finds them), so this is the list it must cover.
 */
export const collectStates = (definition: AslStates, prefix = ""): LocatedState[] =>
  Object.entries(definition.States ?? {}).flatMap(([name, state]) => {
    const path = prefix ? `${prefix} › ${name}` : name;
    const nested: LocatedState[] = [];
    const processor = state.ItemProcessor ?? state.Iterator;
    if (processor) nested.push(...collectStates(processor, `${path} › ItemProcessor`));
    (state.Branches ?? []).forEach((branch, index) => {
      nested.push(...collectStates(branch, `${path} › Branches[${index}]`));
    });
    return [{ name, state, path }, ...nested];
  });
