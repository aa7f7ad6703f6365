import { NotFoundError } from "../../../core/errors";
import type { SubstitutionChoice } from "../choices/substitution-choice";
import type { SubstitutionChoiceRepository } from "../ports/substitution-choice-repository";

/** GET /shop/substitution-choices: the household's remembered choices, newest first, a page at a time. */
export const listSubstitutionChoices = async (
  deps: { choices: SubstitutionChoiceRepository },
  args: { limit: number; cursor?: string },
): Promise<{ choices: SubstitutionChoice[]; nextCursor?: string }> => {
  const page = await deps.choices.list(args);
  return { choices: page.choices, ...(page.cursor ? { nextCursor: page.cursor } : {}) };
};

/** DELETE /shop/substitution-choices/{originalProductId}: every choice for it goes; 404 when there was none. */
export const forgetSubstitutionChoice = async (
  deps: { choices: SubstitutionChoiceRepository },
  originalProductId: string,
): Promise<void> => {
  if ((await deps.choices.forget(originalProductId)) === 0) {
    throw new NotFoundError(`No remembered choice for product ${originalProductId}`, {
      code: "substitution_choice_not_found",
    });
  }
};
