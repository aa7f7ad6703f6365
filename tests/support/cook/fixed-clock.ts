import type { Clock } from "../../../functions/cook/domain/ports/clock";

/** A clock that says what it is told; `advance` moves it on. */
export class FixedClock implements Clock {
  private current: Date;

  constructor(iso = "2025-12-27T10:00:00.000Z") {
    this.current = new Date(iso);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
