import { createKitchenChatAgent } from "../../../functions/cook/adapters/kitchen-chat-agent";
import type { CookDeps } from "../../../functions/cook/domain/ports/cook-deps";
import {
  type KitchenChatResult,
  runKitchenChat,
} from "../../../functions/cook/domain/use-cases/run-kitchen-chat";
import type { LlmPort } from "../../../functions/core/llm";

/**
 * The kitchen chat use case with its agent on the given model port: what `POST /chat/kitchen` runs (the
 * request's recording port; LLM_PROVIDER=none gives a port that fails, so the chat answers offline).
 */
export const runKitchenChatOnModel = (
  deps: { cook: CookDeps; llm: LlmPort; deadline?: number },
  input: { snapshot_id: string; message: string },
): Promise<KitchenChatResult> =>
  runKitchenChat(
    {
      cook: deps.cook,
      agent: createKitchenChatAgent(deps.llm),
      ...(deps.deadline === undefined ? {} : { deadline: deps.deadline }),
    },
    input,
  );
