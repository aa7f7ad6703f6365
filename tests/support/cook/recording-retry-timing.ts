import type { RetryTiming } from "../../../functions/cook/domain/ports/retry-timing";

/** Retry timing for tests: never waits, records each pause, and draws the given "random" numbers in turn. */
export class RecordingRetryTiming implements RetryTiming {
  readonly pauses: number[] = [];
  private draws = 0;

  constructor(private readonly randomValues: readonly number[] = [0.5]) {}

  random(): number {
    const value = this.randomValues[this.draws % this.randomValues.length] ?? 0;
    this.draws += 1;
    return value;
  }

  async sleep(milliseconds: number): Promise<void> {
    this.pauses.push(milliseconds);
  }
}
