import { z } from "zod";
import { SnapshotIdSchema } from "../ids";
import { SnapshotViewSchema } from "../snapshots/snapshot";

export const KITCHEN_CHAT_LIMITS = {
  /** A chat message is a request about one plan, not a document. */
  messageLength: 2000,
} as const;

/** Body of `POST /chat/kitchen`. */
export const KitchenChatRequestSchema = z.object({
  snapshot_id: SnapshotIdSchema,
  message: z.string().trim().min(1).max(KITCHEN_CHAT_LIMITS.messageLength),
});
export type KitchenChatRequest = z.infer<typeof KitchenChatRequestSchema>;

/** One tool call the chat made, as reported in `tool_calls`. */
export const KitchenToolCallSchema = z.object({
  name: z.string(),
  /** As the model passed them, valid or not. */
  arguments: z.unknown(),
  ok: z.boolean(),
  summary: z.string().optional(),
});

/**
 * How the answer came about: the agent loop's status, or `offline` when the model was unavailable and the
 * rule-based interpreter answered.
 */
export const KitchenChatStatusSchema = z.enum([
  "completed",
  "capped",
  "repeated_call",
  "deadline",
  "offline",
]);
export type KitchenChatStatus = z.infer<typeof KitchenChatStatusSchema>;

/** Response of `POST /chat/kitchen`: the answer, the tool calls made, and the plan after the chat. */
export const KitchenChatResponseSchema = z.object({
  response: z.string(),
  tool_calls: z.array(KitchenToolCallSchema),
  snapshot: SnapshotViewSchema,
  status: KitchenChatStatusSchema.optional(),
});
export type KitchenChatResponse = z.infer<typeof KitchenChatResponseSchema>;
