import type { RunHeader } from "./shop-run";

/**
 * How many of a run's recommendations still wait for a person: each unavailable item with a substitute and
 * each prune proposal, less those a decision settled (`applied` or `recorded`). A claimed or failed
 * decision still waits. Zero for a run that has not succeeded.
 */
export const openDecisionCount = (header: Pick<RunHeader, "status" | "result" | "decisions">): number => {
  if (header.status !== "succeeded" || !header.result) return 0;
  const settled = new Set(
    (header.decisions ?? [])
      .filter((d) => d.outcome === "applied" || d.outcome === "recorded")
      .map((d) => `${d.kind}:${d.productId}`),
  );
  const substitutions = header.result.substitutions.filter(
    (s) => s.candidates.length > 0 && !settled.has(`substitution:${s.originalItem.productId}`),
  ).length;
  const prunes = header.result.pruned.filter((p) => !settled.has(`prune:${p.productId}`)).length;
  return substitutions + prunes;
};
