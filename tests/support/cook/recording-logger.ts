import type { LoggerPort } from "../../../functions/core/logger-port";

export interface LogRecord {
  level: "info" | "warn";
  message: string;
  extra: Record<string, unknown> | undefined;
}

/** A LoggerPort that keeps what it is told, so tests can check the seed's log tags. */
export class RecordingLogger implements LoggerPort {
  readonly records: LogRecord[] = [];

  info(message: string, extra?: Record<string, unknown>): void {
    this.records.push({ level: "info", message, extra });
  }

  warn(message: string, extra?: Record<string, unknown>): void {
    this.records.push({ level: "warn", message, extra });
  }

  /** The records whose message starts with a tag such as "[PATCH_APPLY]". */
  tagged(tag: string): LogRecord[] {
    return this.records.filter((record) => record.message.startsWith(tag));
  }
}
