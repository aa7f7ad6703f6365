import { processWorkflowPort } from "../../core/workflow/process-workflow-port";
import type { WorkflowPort } from "../../core/workflow/workflow-port";

/**
 * The workflow port the weekly tick starts runs on, resolved per call: the local stack installs its
 * runner after the handlers are imported.
 */
export const stepWorkflows = (): WorkflowPort => processWorkflowPort();
