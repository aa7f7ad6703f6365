import type { LoggerPort } from "../../core/logger-port";

/**
 * Compat for one import outside cook: functions/shop/coordinator/adapters/cook-plan-shopping-list.ts still
 * names this type. Cook itself takes LoggerPort; delete this file once shop imports LoggerPort (issue 22 merge).
 */
export type CookLogger = LoggerPort;
