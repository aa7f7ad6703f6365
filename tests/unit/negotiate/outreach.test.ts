import { describe, expect, it } from "vitest";
import { createInMemoryNegotiationRepository } from "../../../dev/negotiate/in-memory-negotiation-repository";
import { createUnavailableLlm, LlmUnavailable } from "../../../functions/core/llm";
import type { WorkflowPort } from "../../../functions/core/workflow/workflow-port";
import type { NegotiationDeps } from "../../../functions/negotiate/domain/negotiation-deps";
import { loadStepMessage } from "../../../functions/negotiate/domain/step-message";
import { createNegotiation } from "../../../functions/negotiate/domain/use-cases/create-negotiation";
import { getNegotiation } from "../../../functions/negotiate/domain/use-cases/get-negotiation";
import { receiveSupplierMessage } from "../../../functions/negotiate/domain/use-cases/receive-supplier-message";
import { reviewOutreach } from "../../../functions/negotiate/domain/use-cases/review-outreach";
import { createFakeLlm } from "../../support/llm/fake-llm";
import {
  merchantInstructions,
  orderContext,
  TARGET_PRICE,
  WALK_AWAY,
} from "../../support/negotiate/negotiation-fixtures";

const workflows: WorkflowPort = {
  start: async () => ({ executionId: "exec-1", startedAt: new Date().toISOString() }),
  describe: async () => {
    throw new Error("not used");
  },
  sendTaskSuccess: async () => undefined,
  sendTaskFailure: async () => undefined,
};

const depsWith = (llm?: NegotiationDeps["llm"]) => {
  const repository = createInMemoryNegotiationRepository();
  const deps: NegotiationDeps = {
    tenant: "alice",
    repository,
    workflows,
    now: () => new Date("2026-11-24T10:00:00Z"),
    newNegotiationId: () => "neg_abcdef123456",
    ...(llm ? { llm } : {}),
  };
  return { deps, repository };
};

const open = (deps: NegotiationDeps) =>
  createNegotiation(deps, {
    orderContext,
    merchantInstructions,
    supplier: { name: "Dana", company: "Oat Co" },
    draftOutreach: true,
  });

describe("the outreach draft (seed 003's initial email)", () => {
  it("is drafted by the model from what is ordered and who to, never the merchant's figures or rules", async () => {
    const llm = createFakeLlm().onStructured("generate_initial_email", {
      subject: "Quote request",
      body: "Hello Dana, could you quote 2,000 units?",
    });
    const { deps } = depsWith(llm);
    const { outreach } = await open(deps);
    expect(outreach).toMatchObject({
      status: "awaiting_review",
      draftedBy: "model",
      draft: { subject: "Quote request" },
      leakCheck: { blocked: false },
    });
    const prompt = JSON.stringify(llm.callsNamed("generate_initial_email")[0]);
    expect(prompt).toContain("OAT-1L-ORG");
    expect(prompt).toContain("Dana, Oat Co");
    for (const secret of [String(TARGET_PRICE), WALK_AWAY, "MARKER_RULES", "MARKER_TRIGGERS"]) {
      expect(prompt).not.toContain(secret);
    }
  });

  it("offline, or when the model fails, is the template, with the failure kept", async () => {
    const offline = await open(depsWith(createUnavailableLlm("LLM_PROVIDER is none")).deps);
    expect(offline.outreach).toMatchObject({ draftedBy: "template", llm: null });
    expect(offline.outreach?.draft.body).toContain("2,000 units of Organic oat milk 1 L");
    expect(offline.outreach?.leakCheck.blocked).toBe(false);
    const failing = createFakeLlm().onStructured("generate_initial_email", new LlmUnavailable("timed out"));
    const failed = await open(depsWith(failing).deps);
    expect(failed.outreach).toMatchObject({ draftedBy: "template", failure: { message: "timed out" } });
  });

  it("is leak-checked like any draft: a blocked one is approved only with the reviewer's text", async () => {
    const llm = createFakeLlm().onStructured("generate_initial_email", {
      subject: "Quote request",
      body: `We hope for about $${TARGET_PRICE} per unit.`,
    });
    const { deps } = depsWith(llm);
    const { negotiationId, outreach } = await open(deps);
    expect(outreach?.leakCheck.blocked).toBe(true);
    await expect(reviewOutreach(deps, negotiationId, { decision: "approve" })).rejects.toMatchObject({
      code: "draft_blocked",
    });
    await reviewOutreach(deps, negotiationId, { decision: "approve", text: "Could you quote 2,000 units?" });
    expect((await getNegotiation(deps, negotiationId)).outreach?.approvedReply).toBe(
      "Could you quote 2,000 units?",
    );
  });

  it("holds the first supplier email until reviewed; once approved it opens the thread the experts read", async () => {
    const { deps, repository } = depsWith();
    const { negotiationId, outreach } = await open(deps);
    await expect(receiveSupplierMessage(deps, negotiationId, "We quote $5.00.")).rejects.toMatchObject({
      code: "outreach_awaiting_review",
    });
    expect(await reviewOutreach(deps, negotiationId, { decision: "approve" })).toEqual({
      negotiationId,
      decision: "approve",
    });
    expect(await reviewOutreach(deps, negotiationId, { decision: "approve" })).toMatchObject({
      alreadyDecidedAt: "2026-11-24T10:00:00.000Z",
    });
    await expect(reviewOutreach(deps, negotiationId, { decision: "reject" })).rejects.toMatchObject({
      code: "outreach_already_reviewed",
    });
    const view = await getNegotiation(deps, negotiationId);
    expect(view.thread[0]).toEqual({
      direction: "to_supplier",
      inReplyTo: null,
      text: outreach?.draft.body,
      at: "2026-11-24T10:00:00.000Z",
    });
    const { messageId } = await receiveSupplierMessage(deps, negotiationId, "We quote $5.00.");
    const { context } = await loadStepMessage(repository, negotiationId, messageId);
    expect(context.conversationHistory).toContain(outreach?.draft.body.split("\n")[0]);
  });

  it("is 404 outreach_not_found for a negotiation opened without one", async () => {
    const { deps } = depsWith();
    const { negotiationId } = await createNegotiation(deps, {
      orderContext,
      merchantInstructions,
      supplier: { name: "Dana" },
    });
    await expect(reviewOutreach(deps, negotiationId, { decision: "approve" })).rejects.toMatchObject({
      code: "outreach_not_found",
    });
  });
});
