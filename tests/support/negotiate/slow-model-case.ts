import { expect } from "vitest";
import { NEGOTIATION_SCENARIOS } from "../../../dev/negotiate/scenarios";
import { type NegotiateStack, openWithFirstMessage } from "./negotiate-stack";

/** The model steps' Lambda timeout in these tests: their model deadline is 8 s (16 s less the 8 s reserve), seconds of margin on a busy machine, and well under a late model's 20 s. */
export const SMALL_MODEL_STEP_TIMEOUT_SECONDS = 16;

interface Message {
  status: string;
  failure: unknown;
  draft: { body: string } | null;
  response: { action: string; decidedBy: string; reasoning: string } | null;
  approvedReply: string | null;
}

/**
 * One supplier email through the API while the model is slow: it must reach its review (never `failed`,
 * never a step's Lambda timeout) escalated with the model's failure as the reason, and a person must be
 * able to approve it as written in the README (`{"decision":"approve"}`). Every answer is checked for 5xx.
 */
export const escalatedThenApproved = async (stack: NegotiateStack): Promise<Message> => {
  const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === "accept");
  if (!scenario) throw new Error("no accept scenario");
  const { negotiationId, messageId } = await openWithFirstMessage(stack, scenario, { name: "Dana" });
  const paused = await stack.untilAwaitingReview(negotiationId, messageId);
  expect(paused.status).toBe("RUNNING");
  expect(paused.steps.map((s) => s.status)).not.toContain("FAILED");
  const path = `/negotiations/${negotiationId}/messages/${messageId}`;
  const message = (await stack.call("GET", path)).json() as Message;
  expect(message).toMatchObject({
    status: "awaiting_review",
    failure: null,
    response: { action: "escalate" },
  });
  const approved = await stack.call("POST", `${path}/review`, { body: { decision: "approve" } });
  expect(approved.status).toBe(202);
  const ended = await stack.runner.waitForExecution(stack.executionIdOf(negotiationId, messageId));
  expect(ended.status).toBe("SUCCEEDED");
  const saved = (await stack.call("GET", path)).json() as Message;
  expect(saved).toMatchObject({ status: "approved", approvedReply: message.draft?.body });
  return message;
};
