/**
 * The variables of a local stack a test starts, in its process (`readLocalStackConfig`) or as `npm start`
 * (a child's env): ports the OS chooses, so stacks never collide; no demo data, no schedules and no model, so
 * nothing runs that the test did not ask for. A test that needs one of them on spreads this and overrides it.
 */
export const QUIET_STACK_ENV = {
  PORT: "0",
  STORE_PORT: "0",
  DEMO_DATA: "off",
  SCHEDULES: "off",
  LLM_PROVIDER: "none",
} as const satisfies Record<string, string>;
