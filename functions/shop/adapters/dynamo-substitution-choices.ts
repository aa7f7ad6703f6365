import type { TenantTable } from "../../core/db/tenant-table";
import {
  type RememberedChoices,
  rememberedFrom,
  type SubstitutionChoice,
  substitutionChoiceSchema,
} from "../domain/choices/substitution-choice";
import type { SubstitutionChoiceRepository } from "../domain/ports/substitution-choice-repository";

/**
 * Remembered choices in the tenant-bound table (the tenant is in every key by construction):
 * - the choice `SUBCHOICE#{originalProductId}` / `SUB#{substituteProductId}`;
 * - its list entry `SUBCHOICES` / `{decidedAt}#{originalProductId}#{substituteProductId}` (newest first by a
 *   descending query), moved when a later decision on the pair replaces it.
 * Both carry the table's TTL at the choice's `expiresAt`; the table reads an expired item as absent.
 */
const choiceKey = (originalId: string, substituteId: string) => ({
  pk: ["SUBCHOICE", originalId],
  sk: ["SUB", substituteId],
});
const listKey = (
  choice: Pick<SubstitutionChoice, "decidedAt" | "originalProductId" | "substituteProductId">,
) => ({
  pk: ["SUBCHOICES"],
  sk: [choice.decidedAt.replaceAll("#", ""), choice.originalProductId, choice.substituteProductId],
});
const ttlOf = (choice: SubstitutionChoice) => Math.floor(Date.parse(choice.expiresAt) / 1000);

export const createDynamoSubstitutionChoices = (
  table: TenantTable,
  now: () => Date = () => new Date(),
): SubstitutionChoiceRepository => {
  const choicesOf = async (originalId: string): Promise<SubstitutionChoice[]> => {
    const choices: SubstitutionChoice[] = [];
    let cursor: string | undefined;
    do {
      const page = await table.query(["SUBCHOICE", originalId], substitutionChoiceSchema, {
        skPrefix: ["SUB"],
        cursor,
        consistentRead: true,
      });
      choices.push(...page.items.map((item) => item.data));
      cursor = page.cursor;
    } while (cursor);
    return choices;
  };

  return {
    async record(choice) {
      const key = choiceKey(choice.originalProductId, choice.substituteProductId);
      const existing = (await table.get(key, substitutionChoiceSchema))?.data;
      if (existing && existing.verdict === choice.verdict && existing.runId === choice.runId) return;
      const options = { expectedVersion: "any" as const, expiresAt: ttlOf(choice) };
      await table.transactWrite([
        { type: "put", key, data: choice, options },
        { type: "put", key: listKey(choice), data: choice, options },
        ...(existing && existing.decidedAt !== choice.decidedAt
          ? [{ type: "delete" as const, key: listKey(existing) }]
          : []),
      ]);
    },

    async forOriginals(originalProductIds) {
      const found = new Map<string, RememberedChoices>();
      for (const originalId of new Set(originalProductIds)) {
        const remembered = rememberedFrom(await choicesOf(originalId), now());
        if (remembered.accepted.length > 0 || remembered.rejected.length > 0)
          found.set(originalId, remembered);
      }
      return found;
    },

    async list({ limit, cursor }) {
      const page = await table.query(["SUBCHOICES"], substitutionChoiceSchema, {
        limit,
        cursor,
        descending: true,
      });
      return {
        choices: page.items.map((item) => item.data),
        ...(page.cursor ? { cursor: page.cursor } : {}),
      };
    },

    async forget(originalProductId) {
      const choices = await choicesOf(originalProductId);
      for (const choice of choices) {
        await table.transactWrite([
          { type: "delete", key: choiceKey(choice.originalProductId, choice.substituteProductId) },
          { type: "delete", key: listKey(choice) },
        ]);
      }
      return choices.length;
    },
  };
};
