/** Port: the current time (compiled_at, created_at), so tests can fix it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
