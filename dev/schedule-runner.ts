import { ConfigError, NotFoundError } from "../functions/core/errors";
import { createLogger, type Logger } from "../functions/core/logger";
import type { StartedExecution, WorkflowPort } from "../functions/core/workflow/workflow-port";
import { allSchedules } from "../lib/areas";
import type { ScheduleDefinition } from "../lib/definition-types";
import { parseScheduleExpression, type ScheduleExpression } from "./workflow/schedule-expression";

export interface ScheduleRunnerOptions {
  /** Starts the schedules' workflows (the local workflow runner in the local stack). */
  workflows: WorkflowPort;
  /** Defaults to every schedule of lib/areas. */
  schedules?: readonly ScheduleDefinition[];
  /** When given, a schedule whose target is not among them is refused at creation. */
  knownWorkflows?: readonly string[];
  now?: () => Date;
  logger?: Logger;
}

export interface ScheduleRunner {
  /** Arms every schedule: each fires at its next time after now, then again after each firing. */
  start(): void;
  /** Starts the schedule's workflow at once, as a firing would (timers are left as they are). */
  fireNow(scheduleName: string): Promise<StartedExecution>;
  /** When each armed schedule fires next (ISO time); absent for one that never fires again. */
  nextFireTimes(): Record<string, string>;
  stop(): void;
}

/** setTimeout's longest delay (about 24.8 days); longer waits are taken in steps. */
const maxTimerDelayMs = 2 ** 31 - 1;

interface ArmedSchedule {
  definition: ScheduleDefinition;
  expression: ScheduleExpression;
  nextAt?: Date;
  timer?: NodeJS.Timeout;
}

/**
 * Fires the schedules CDK deploys as EventBridge Scheduler schedules (lib/constructs/schedules.ts) while
 * the local stack runs: each firing starts the target workflow with the definition's fixed input through
 * the WorkflowPort. Expressions are parsed at creation, so a bad one stops the stack from starting.
 * Rates count from `start()`: restarting the stack does not fire every schedule at once.
 */
export const createScheduleRunner = (options: ScheduleRunnerOptions): ScheduleRunner => {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? createLogger("schedule-runner");
  const schedules = new Map<string, ArmedSchedule>();
  for (const definition of options.schedules ?? allSchedules()) {
    if (schedules.has(definition.name)) throw new ConfigError(`Two schedules are named "${definition.name}"`);
    const target = definition.target.workflow;
    if (options.knownWorkflows && !options.knownWorkflows.includes(target)) {
      throw new ConfigError(
        `Schedule "${definition.name}" targets workflow "${target}", which is not defined`,
      );
    }
    schedules.set(definition.name, {
      definition,
      expression: parseScheduleExpression(definition.expression),
    });
  }
  let startedAt: Date | undefined;

  const startTarget = async ({ definition }: ArmedSchedule): Promise<StartedExecution> => {
    const started = await options.workflows.start(definition.target.workflow, definition.target.input);
    logger.info("Schedule fired", { schedule: definition.name, executionId: started.executionId });
    return started;
  };

  const arm = (schedule: ArmedSchedule, after: Date): void => {
    if (!startedAt) return;
    schedule.nextAt = schedule.expression.nextAfter(after, startedAt);
    if (!schedule.nextAt) return;
    const due = schedule.nextAt;
    const delay = Math.min(Math.max(0, due.getTime() - now().getTime()), maxTimerDelayMs);
    schedule.timer = setTimeout(() => {
      if (now().getTime() < due.getTime()) {
        // Woken early by the timer's cap: wait the rest.
        arm(schedule, new Date(due.getTime() - 1));
        return;
      }
      startTarget(schedule).catch((error: unknown) => {
        logger.error("Schedule could not start its workflow", { schedule: schedule.definition.name, error });
      });
      // From now, not from `due`: like EventBridge, a stack that was asleep does not catch up missed runs.
      arm(schedule, new Date(Math.max(due.getTime(), now().getTime())));
    }, delay);
    // The local stack's servers keep the process alive; a pending schedule should not.
    schedule.timer.unref();
  };

  return {
    start() {
      if (startedAt) return;
      startedAt = now();
      for (const schedule of schedules.values()) arm(schedule, startedAt);
    },

    async fireNow(scheduleName) {
      const schedule = schedules.get(scheduleName);
      if (!schedule) throw new NotFoundError(`No schedule named "${scheduleName}"`);
      return startTarget(schedule);
    },

    nextFireTimes() {
      return Object.fromEntries(
        [...schedules.entries()].flatMap(([name, s]) => (s.nextAt ? [[name, s.nextAt.toISOString()]] : [])),
      );
    },

    stop() {
      for (const schedule of schedules.values()) {
        clearTimeout(schedule.timer);
        schedule.timer = undefined;
        schedule.nextAt = undefined;
      }
      startedAt = undefined;
    },
  };
};
