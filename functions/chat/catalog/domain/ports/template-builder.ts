import type { SessionState, Template } from "../session-state";

/** Agent 2: builds the template after every state change. */
export interface TemplateBuilder {
  build(query: string, state: SessionState): Promise<Template>;
}
