import type { LoggerPort } from "../../../core/logger-port";
import type { KitchenChatOperations } from "../kitchen-chat/kitchen-chat-operations";
import type { KitchenChatStatus } from "../kitchen-chat/kitchen-chat-schemas";
import type { KitchenToolCall } from "../kitchen-chat/kitchen-chat-tool-call";

/** One kitchen chat message for the model, with the plan's operations as its tools. */
export interface KitchenChatAgentRequest {
  system: string;
  message: string;
  operations: KitchenChatOperations;
  /**
   * Every tool call the agent runs is pushed here as it runs: when the model fails midway, this says what
   * the tools already did.
   */
  executed: KitchenToolCall[];
  maxIterations: number;
  /** Epoch ms after which the agent answers with what it has. */
  deadline?: number;
  logger: LoggerPort;
}

/** How the model's run ended: its answer, or the model failing (the chat then answers offline). */
export type KitchenChatAgentOutcome =
  | {
      kind: "answered";
      answer: string;
      status: Exclude<KitchenChatStatus, "offline">;
      /** In call order, each with its summary or the reason it failed. */
      toolCalls: KitchenToolCall[];
    }
  | { kind: "model_failed"; code: string };

/** Port: the tool-calling model behind the kitchen chat. */
export type KitchenChatAgent = (request: KitchenChatAgentRequest) => Promise<KitchenChatAgentOutcome>;
