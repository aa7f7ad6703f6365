import { DomainRefusedError } from "../../../core/errors";
import { substituteQuantity } from "../packs/substitute-quantity";
import type { Decision } from "./decision";
import { decidedProductId, decisionKind, type Planned } from "./decision-claim";
import type { RunHeader } from "./shop-run";

type Issue = { path: string; message: string };

/**
 * The plan of a request's decisions, before anything is claimed or touched: each decision checked against
 * what the run recommended and turned into the change it asks for (a substitution with the substitute's
 * quantity, a pruned line's removal, or a record only: a reject or a keep). Two decisions on one product
 * are a 422 `decision_duplicated`; a decision on a product the run did not recommend is a 422
 * `decision_not_recommended`, naming each one's path; either way nothing is planned.
 */
export const planDecisions = (
  result: NonNullable<RunHeader["result"]>,
  decisions: readonly Decision[],
): Planned[] => {
  const duplicates: Issue[] = [];
  const seen = new Set<string>();
  decisions.forEach((decision, index) => {
    const key = `${decisionKind(decision)}#${decidedProductId(decision)}`;
    if (seen.has(key)) {
      duplicates.push({
        path: `decisions.${index}`,
        message: "this product is already decided in this request",
      });
    }
    seen.add(key);
  });
  if (duplicates.length > 0) {
    throw new DomainRefusedError("A product is decided twice in one request; nothing was applied", {
      code: "decision_duplicated",
      details: { issues: duplicates },
    });
  }
  const refusals: Issue[] = [];
  const planned = decisions.map((decision, index) => planDecision(result, decision, index, refusals));
  if (refusals.length > 0) {
    throw new DomainRefusedError(
      "Some decisions name products this run did not recommend; nothing was applied",
      {
        code: "decision_not_recommended",
        details: { issues: refusals },
      },
    );
  }
  return planned;
};

const planDecision = (
  result: NonNullable<RunHeader["result"]>,
  decision: Decision,
  index: number,
  refusals: Issue[],
): Planned => {
  if ("pruneProductId" in decision) {
    if (!result.pruned.some((p) => p.productId === decision.pruneProductId)) {
      refusals.push({
        path: `decisions.${index}.pruneProductId`,
        message: "the run did not propose removing this product",
      });
    }
    return decision.action === "remove"
      ? { kind: "prune", decision, productId: decision.pruneProductId }
      : { kind: "record", decision, productId: decision.pruneProductId };
  }
  const substitution = result.substitutions.find(
    (s) => s.originalItem.productId === decision.originalProductId,
  );
  if (!substitution) {
    refusals.push({
      path: `decisions.${index}.originalProductId`,
      message: "not an unavailable item of this run",
    });
    return { kind: "record", decision, productId: decision.originalProductId };
  }
  if (decision.action === "reject")
    return { kind: "record", decision, productId: decision.originalProductId };
  const chosen = decision.productId
    ? substitution.candidates.find((c) => c.productId === decision.productId)
    : substitution.candidates[0];
  if (!chosen) {
    refusals.push({
      path: `decisions.${index}.productId`,
      message: decision.productId
        ? "the run did not recommend this product for this item"
        : "the run has no substitute for this item",
    });
    return { kind: "record", decision, productId: decision.originalProductId };
  }
  // The substitute covers the original's amount (2 × 400 g → one 1 kg pack), not its count.
  const { quantity, explanation } = substituteQuantity(substitution.originalItem, chosen);
  return {
    kind: "substitute",
    decision,
    originalId: decision.originalProductId,
    substituteId: chosen.productId,
    quantity,
    reason: explanation,
  };
};
