import { Duration } from "aws-cdk-lib";
import { Schedule, ScheduleExpression, ScheduleTargetInput } from "aws-cdk-lib/aws-scheduler";
import { StepFunctionsStartExecution } from "aws-cdk-lib/aws-scheduler-targets";
import { Construct } from "constructs";
import type { ScheduleDefinition } from "../definition-types";
import type { Workflows } from "./workflows";

export interface SchedulesProps {
  schedules: readonly ScheduleDefinition[];
  workflows: Workflows;
  stage: string;
}

/**
 * One EventBridge Scheduler schedule per definition, each starting its workflow with the definition's
 * fixed input: the same definitions the local schedule runner fires.
 */
export class Schedules extends Construct {
  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const schedule of props.schedules) {
      new Schedule(this, schedule.name, {
        scheduleName: `larder-${props.stage}-${schedule.name}`,
        description: schedule.description,
        schedule: ScheduleExpression.expression(schedule.expression),
        target: new StepFunctionsStartExecution(props.workflows.get(schedule.target.workflow), {
          input: ScheduleTargetInput.fromObject(schedule.target.input),
          // A run that could not start within the hour is stale; the next tick does the work.
          maxEventAge: Duration.hours(1),
          retryAttempts: 3,
        }),
      });
    }
  }
}
