import type { CookDeps } from "../../../functions/cook/domain/ports/cook-deps";
import type { Recipe } from "../../../functions/cook/domain/recipes/recipe";
import { FixedClock } from "./fixed-clock";
import { InMemoryRecipeRepository } from "./in-memory-recipe-repository";
import {
  InMemorySnapshotRepository,
  type InMemorySnapshotRepositoryOptions,
} from "./in-memory-snapshot-repository";
import { RecordingLogger } from "./recording-logger";
import { RecordingRetryTiming } from "./recording-retry-timing";

export interface CookTestDeps extends CookDeps {
  plans: InMemorySnapshotRepository;
  recipes: InMemoryRecipeRepository;
  clock: FixedClock;
  logger: RecordingLogger;
  retryTiming: RecordingRetryTiming;
}

/**
 * In-memory deps for the cook use cases: offline generators unless given, sequential snapshot ids, retry
 * pauses recorded rather than slept.
 */
export const createCookTestDeps = (
  options: {
    recipes?: readonly Recipe[];
    plans?: InMemorySnapshotRepositoryOptions;
    overrides?: Partial<Pick<CookDeps, "patchOpsGenerator" | "warningsGenerator" | "ingredientReader">>;
  } = {},
): CookTestDeps => {
  let next = 0;
  return {
    plans: new InMemorySnapshotRepository(options.plans),
    recipes: new InMemoryRecipeRepository(options.recipes),
    clock: new FixedClock(),
    logger: new RecordingLogger(),
    retryTiming: new RecordingRetryTiming(),
    newId: () => {
      next += 1;
      return `snap_${next}`;
    },
    ...options.overrides,
  };
};
