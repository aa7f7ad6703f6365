/** Port: the current time (compiled_at, created_at), so tests can fix it. */
export interface Clock {
  now(): Date;
}
