/**
 * What a substitute's reason says differs from the original, pulled out so the page can show it apart:
 * the shop's guards start a reason with "Diferente do original: a → b; c → d; …" (a defining attribute
 * lost) or "Outro tipo de produto: iogurte → leite" (another kind of product). The reason is shown as
 * stored; this only finds those segments.
 */
const PREFIXES = ["Diferente do original:", "Outro tipo de produto:"] as const;

export interface ReasonParts {
  /** Each difference ("sem lactose → com lactose"), empty when the reason names none. */
  differs: string[];
  /** The rest of the reason, as stored. */
  rest: string;
}

export const splitReason = (reason: string): ReasonParts => {
  let text = reason.trim();
  const differs: string[] = [];
  for (;;) {
    const prefix = PREFIXES.find((candidate) => text.startsWith(candidate));
    if (!prefix) break;
    const segments = text.slice(prefix.length).split(";");
    let used = 0;
    for (const segment of segments) {
      // The next guard's prefix starts its own list.
      if (!segment.includes("→") || PREFIXES.some((next) => segment.trim().startsWith(next))) break;
      differs.push(segment.trim());
      used += 1;
    }
    if (used === 0) break;
    text = segments.slice(used).join(";").trim();
  }
  return { differs, rest: text };
};
