import { parseOrThrow } from "../../../core/validation";
import { createKitchenChatOperations } from "../kitchen-chat/kitchen-chat-operations";
import { KitchenChatRequestSchema, type KitchenChatStatus } from "../kitchen-chat/kitchen-chat-schemas";
import { kitchenChatSystemPrompt } from "../kitchen-chat/kitchen-chat-system-prompt";
import type { KitchenToolCall } from "../kitchen-chat/kitchen-chat-tool-call";
import { KITCHEN_TOOL_NAMES } from "../kitchen-chat/kitchen-chat-tool-names";
import { answerOffline } from "../kitchen-chat/offline-kitchen-chat";
import { parseKitchenMessage } from "../kitchen-chat/parse-kitchen-chat-message";
import type { CookDeps } from "../ports/cook-deps";
import type { KitchenChatAgent } from "../ports/kitchen-chat-agent";
import type { SnapshotView } from "../snapshots/snapshot";
import { readsAsRecipeChange } from "../variants/offline-instruction-parser";
import { getSnapshot } from "./get-snapshot";

/** Tool-calling model turns per message: read the plan, change or clear, check, with room to spare. */
export const KITCHEN_CHAT_MAX_ITERATIONS = 5;

export interface KitchenChatDeps {
  cook: CookDeps;
  agent: KitchenChatAgent;
  /** Epoch ms after which the agent answers with what it has: the request's model deadline (core/llm/model-deadline.ts). */
  deadline?: number;
}

export interface KitchenChatResult {
  response: string;
  tool_calls: KitchenToolCall[];
  /** The plan after the chat, with whatever the tools changed. */
  snapshot: SnapshotView;
  status: KitchenChatStatus;
}

type ChatOutcome = Omit<KitchenChatResult, "snapshot">;

/** Why the model left no answer, by how its run ended; `offline`: it failed after changing the plan. */
const NO_ANSWER: Record<KitchenChatStatus, string> = {
  completed: "",
  capped: "I stopped before finishing: this request needed more steps than one message allows.",
  repeated_call: "I stopped because I was repeating myself.",
  deadline: "I ran out of time before I could answer.",
  offline: "The assistant became unavailable before it could answer.",
};

/** When the model left no words: say why, and what the tools changed. */
const answerWithoutModelText = (status: KitchenChatStatus, changesMade: readonly string[]): string => {
  const done = changesMade.length > 0 ? `Done so far: ${changesMade.join("; ")}.` : "";
  return [NO_ANSWER[status], done].filter(Boolean).join(" ") || "I have nothing to add.";
};

const NOTHING_CHANGED = {
  en: "No change was made to the plan.",
  pt: "O plano não foi alterado.",
} as const;

const CHANGING_TOOLS: readonly string[] = [KITCHEN_TOOL_NAMES.modifyRecipe, KITCHEN_TOOL_NAMES.clearVariant];

/**
 * A model may say "Done! Friday's dinner now uses tofu" when no tool changed anything (its call failed, or
 * it made none). When the message asks for a change (an undo, or one of the offline parser's plain change
 * forms, with or without a day) or the model tried one, and the plan is as it was, the answer ends saying
 * so in the app's own words: a change the model only claims is never shown as made. A question answered
 * in words gets no note.
 */
const withNothingChangedNote = (
  answer: string,
  message: string,
  toolCalls: readonly KitchenToolCall[],
  changesMade: readonly string[],
): string => {
  if (changesMade.length > 0) return answer;
  const read = parseKitchenMessage(message);
  const triedChange = toolCalls.some((call) => CHANGING_TOOLS.includes(call.name));
  const asksChange =
    read.kind === "clear_variant" ||
    readsAsRecipeChange(read.kind === "modify_recipe" ? read.instruction : message);
  if (!asksChange && !triedChange) return answer;
  return `${answer}\n\n${NOTHING_CHANGED[read.language]}`;
};

/**
 * The agent stopped at its deadline with no words and no change made: the offline interpreter answers the
 * message instead ("remove modifications on Monday" still clears Monday), never "I ran out of time".
 */
const endedWithNothing = (status: KitchenChatStatus, answer: string, changesMade: readonly string[]) =>
  status === "deadline" && answer.trim() === "" && changesMade.length === 0;

/**
 * `POST /chat/kitchen`: the kitchen assistant for one meal plan. The model works through get_plan,
 * modify_recipe and clear_variant, which act only on `snapshot_id` of the request. When the model cannot
 * serve (LLM_PROVIDER=none, provider down, invalid output, or its deadline passed before it said or did
 * anything), the offline interpreter answers instead, unless
 * the model had already changed the plan: then the answer reports those changes rather than repeating
 * the request. An unknown snapshot is a 404 before any model call.
 */
export const runKitchenChat = async (
  deps: KitchenChatDeps,
  input: { snapshot_id: string; message: string },
): Promise<KitchenChatResult> => {
  const request = parseOrThrow(KitchenChatRequestSchema, input, "kitchen chat request");
  await getSnapshot(deps.cook, request.snapshot_id);
  const operations = createKitchenChatOperations(deps.cook, request.snapshot_id, request.message);
  const executed: KitchenToolCall[] = [];

  const run = await deps.agent({
    system: kitchenChatSystemPrompt(deps.cook.clock.now().toISOString().slice(0, 10)),
    message: request.message,
    operations,
    executed,
    maxIterations: KITCHEN_CHAT_MAX_ITERATIONS,
    ...(deps.deadline === undefined ? {} : { deadline: deps.deadline }),
    logger: deps.cook.logger,
  });
  const changesMade = operations.changesMade();
  let outcome: ChatOutcome;
  if (run.kind === "answered" && !endedWithNothing(run.status, run.answer, changesMade)) {
    outcome = {
      response: run.answer.trim()
        ? withNothingChangedNote(run.answer.trim(), request.message, run.toolCalls, changesMade)
        : answerWithoutModelText(run.status, changesMade),
      tool_calls: run.toolCalls,
      status: run.status,
    };
  } else {
    deps.cook.logger.warn("kitchen chat: the model left no answer; answering offline", {
      ...(run.kind === "answered" ? { status: run.status } : { code: run.code }),
    });
    // The offline interpreter acts only when the model changed nothing: never the same change twice.
    const response =
      changesMade.length > 0
        ? answerWithoutModelText("offline", changesMade)
        : await answerOffline(operations, request.message, executed);
    outcome = { response, tool_calls: executed, status: "offline" };
  }
  return { ...outcome, snapshot: await getSnapshot(deps.cook, request.snapshot_id) };
};
