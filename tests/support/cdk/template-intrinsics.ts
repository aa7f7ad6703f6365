/**
 * Test helpers over a synthesized template's JSON: render simple intrinsics to strings and find
 * dependency cycles, which CDK does not detect within one stack and CloudFormation rejects at deploy.
 */

export type Resources = Record<string, { Type: string; Properties?: unknown; DependsOn?: string | string[] }>;

/** Pseudo parameters as the tests pretend to deploy them. */
export const pseudo = { partition: "aws", region: "eu-west-1", account: "123456789012" };

/** Renders `Fn::Join`, `Ref` and `Fn::GetAtt` to strings (`<Logical>` / `<Logical.Attr>` for resources). */
export const renderIntrinsics = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return String(value);
  const record = value as Record<string, unknown>;
  if ("Ref" in record) {
    const ref = String(record.Ref);
    const pseudoValues: Record<string, string> = {
      "AWS::Partition": pseudo.partition,
      "AWS::Region": pseudo.region,
      "AWS::AccountId": pseudo.account,
      "AWS::URLSuffix": "amazonaws.com",
    };
    return pseudoValues[ref] ?? `<${ref}>`;
  }
  if ("Fn::GetAtt" in record) {
    const [resource, attribute] = record["Fn::GetAtt"] as [string, string];
    return `<${resource}.${attribute}>`;
  }
  if ("Fn::Join" in record) {
    const [separator, parts] = record["Fn::Join"] as [string, unknown[]];
    return parts.map(renderIntrinsics).join(separator);
  }
  throw new Error(`Cannot render ${JSON.stringify(value)}`);
};

/** Logical ids a value refers to through Ref, Fn::GetAtt or Fn::Sub. */
const referencedIds = (value: unknown, into: Set<string>): Set<string> => {
  if (Array.isArray(value)) {
    for (const v of value) referencedIds(v, into);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (key === "Ref" && typeof v === "string") into.add(v);
      else if (key === "Fn::GetAtt" && Array.isArray(v)) into.add(String(v[0]));
      else if (key === "Fn::Sub") {
        const text = Array.isArray(v) ? String(v[0]) : String(v);
        for (const m of text.matchAll(/\$\{([A-Za-z0-9]+)(\.[A-Za-z0-9.]+)?\}/g)) if (m[1]) into.add(m[1]);
        if (Array.isArray(v)) referencedIds(v[1], into);
      } else referencedIds(v, into);
    }
  }
  return into;
};

/** One dependency cycle among the resources as a list of logical ids, or undefined when there is none. */
export const findDependencyCycle = (resources: Resources): string[] | undefined => {
  const edges = new Map<string, string[]>();
  for (const [id, resource] of Object.entries(resources)) {
    const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
    const refs = [...referencedIds(resource.Properties, new Set(dependsOn))];
    edges.set(
      id,
      refs.filter((r) => r in resources),
    );
  }
  const state = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === "done") return undefined;
    if (state.get(id) === "visiting") return [...path.slice(path.indexOf(id)), id];
    state.set(id, "visiting");
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, "done");
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
};
