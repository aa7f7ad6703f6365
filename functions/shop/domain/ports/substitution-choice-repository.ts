import type { RememberedChoices, SubstitutionChoice } from "../choices/substitution-choice";

/** Port: one tenant's remembered substitution choices (a DynamoDB adapter; in-memory in unit tests). */
export interface SubstitutionChoiceRepository {
  /**
   * Remembers a choice; one per original and substitute (a later decision on the pair replaces it). The
   * same decision of the same run arriving again changes nothing.
   */
  record(choice: SubstitutionChoice): Promise<void>;
  /** The live choices of each original asked for (an original without any is absent). */
  forOriginals(originalProductIds: readonly string[]): Promise<Map<string, RememberedChoices>>;
  /** Newest first by decision time, paged. */
  list(options: {
    limit: number;
    cursor?: string;
  }): Promise<{ choices: SubstitutionChoice[]; cursor?: string }>;
  /** Forgets every choice for an original; how many there were. */
  forget(originalProductId: string): Promise<number>;
}
