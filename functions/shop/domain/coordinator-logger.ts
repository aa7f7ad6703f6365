/** Port: what the coordinator's domain needs of a logger. Powertools' Logger satisfies it; tests record. */
export interface CoordinatorLogger {
  info(message: string, ...extra: Record<string, unknown>[]): void;
  warn(message: string, ...extra: Record<string, unknown>[]): void;
}
