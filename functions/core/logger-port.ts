/**
 * Port: what domain code needs of a logger. Powertools' Logger satisfies it; tests pass a recorder.
 * Every area's domain takes this one shape (one `extra` object at most, as a rest parameter so
 * Powertools' overloads fit).
 */
export interface LoggerPort {
  info(message: string, ...extra: Record<string, unknown>[]): void;
  warn(message: string, ...extra: Record<string, unknown>[]): void;
}
