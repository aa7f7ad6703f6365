import {
  rememberedFrom,
  type SubstitutionChoice,
} from "../../../functions/shop/domain/choices/substitution-choice";
import type { SubstitutionChoiceRepository } from "../../../functions/shop/domain/ports/substitution-choice-repository";

/** One tenant's remembered choices in memory (unit tests); paged by position, newest first. */
export const createInMemorySubstitutionChoices = (
  now: () => Date = () => new Date(),
): SubstitutionChoiceRepository => {
  const choices = new Map<string, SubstitutionChoice>();
  const keyOf = (c: Pick<SubstitutionChoice, "originalProductId" | "substituteProductId">) =>
    `${c.originalProductId}#${c.substituteProductId}`;
  const live = () => [...choices.values()].filter((c) => Date.parse(c.expiresAt) > now().getTime());
  return {
    async record(choice) {
      const existing = choices.get(keyOf(choice));
      if (existing && existing.verdict === choice.verdict && existing.runId === choice.runId) return;
      choices.set(keyOf(choice), choice);
    },
    async forOriginals(ids) {
      const found = new Map();
      for (const id of ids) {
        const remembered = rememberedFrom(
          live().filter((c) => c.originalProductId === id),
          now(),
        );
        if (remembered.accepted.length + remembered.rejected.length > 0) found.set(id, remembered);
      }
      return found;
    },
    async list({ limit, cursor }) {
      const sorted = live().sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
      const start = cursor ? Number(cursor) : 0;
      const page = sorted.slice(start, start + limit);
      return {
        choices: page,
        ...(start + limit < sorted.length ? { cursor: String(start + limit) } : {}),
      };
    },
    async forget(originalProductId) {
      const gone = [...choices.values()].filter((c) => c.originalProductId === originalProductId);
      for (const c of gone) choices.delete(keyOf(c));
      return gone.length;
    },
  };
};
