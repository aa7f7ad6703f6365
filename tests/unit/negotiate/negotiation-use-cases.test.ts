import { describe, expect, it } from "vitest";
import { createInMemoryNegotiationRepository } from "../../../dev/negotiate/in-memory-negotiation-repository";
import { ConflictError, DependencyUnavailableError } from "../../../functions/core/errors";
import type { WorkflowPort } from "../../../functions/core/workflow/workflow-port";
import type { SupplierMessage } from "../../../functions/negotiate/domain/negotiation";
import type { NegotiationDeps } from "../../../functions/negotiate/domain/negotiation-deps";
import { createNegotiation } from "../../../functions/negotiate/domain/use-cases/create-negotiation";
import { getMessage } from "../../../functions/negotiate/domain/use-cases/get-message";
import { receiveSupplierMessage } from "../../../functions/negotiate/domain/use-cases/receive-supplier-message";
import { reviewMessage } from "../../../functions/negotiate/domain/use-cases/review-message";
import { merchantInstructions, orderContext } from "../../support/negotiate/negotiation-fixtures";

const recordingWorkflows = (failStart = false) => {
  const started: unknown[] = [];
  const answered: Array<{ token: string; output: unknown }> = [];
  const port: WorkflowPort = {
    async start(_name, input, options) {
      if (failStart) throw new DependencyUnavailableError("Step Functions is unavailable");
      started.push({ input, options });
      return { executionId: `exec-${started.length}`, startedAt: new Date().toISOString() };
    },
    async describe() {
      throw new Error("not used");
    },
    async sendTaskSuccess(token, output) {
      answered.push({ token, output });
    },
    async sendTaskFailure() {
      throw new Error("not used");
    },
  };
  return { port, started, answered };
};

const setup = async (failStart = false) => {
  const repository = createInMemoryNegotiationRepository();
  const workflows = recordingWorkflows(failStart);
  const deps: NegotiationDeps = {
    tenant: "alice",
    repository,
    workflows: workflows.port,
    now: () => new Date("2026-11-24T10:00:00Z"),
    newNegotiationId: () => "neg_abcdef123456",
  };
  const { negotiationId } = await createNegotiation(deps, {
    orderContext,
    merchantInstructions,
    supplier: { name: "Dana" },
  });
  return { deps, repository, workflows, negotiationId };
};

describe("negotiation use cases", () => {
  it("starts one workflow per email, named after the message, with the tenant and ids only", async () => {
    const { deps, workflows, negotiationId } = await setup();
    const { messageId } = await receiveSupplierMessage(deps, negotiationId, "We quote $5.00.");
    expect(messageId).toBe("msg_0001");
    expect(workflows.started).toEqual([
      {
        input: { tenant: "alice", negotiationId, messageId: "msg_0001" },
        options: { executionName: `${negotiationId}-msg_0001` },
      },
    ]);
    expect((await getMessage(deps, negotiationId, messageId)).status).toBe("running");
  });

  it("keeps the email, marked failed with the reason, when the workflow cannot start", async () => {
    const { deps, repository, negotiationId } = await setup(true);
    await expect(receiveSupplierMessage(deps, negotiationId, "We quote $5.00.")).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    const [message] = await repository.listMessages(negotiationId);
    expect(message).toMatchObject({
      status: "failed",
      supplierMessage: "We quote $5.00.",
      failure: { error: "WorkflowStartFailed", cause: "Step Functions is unavailable" },
    });
    // A failed email does not block the next one.
    await expect(receiveSupplierMessage(deps, negotiationId, "again")).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
  });

  it("never marks a started workflow's message failed when recording its execution loses to the workflow's own writes", async () => {
    const { deps, repository, negotiationId } = await setup();
    // The workflow's steps write the message from its start: here each attempt to record the execution loses.
    const racing: NegotiationDeps = {
      ...deps,
      repository: {
        ...repository,
        updateMessage: async (id, messageId, change) => {
          if (change((await repository.getMessage(id, messageId)) as SupplierMessage).executionId)
            throw new ConflictError("Writing an item: the item changed since it was read", {
              code: "stale_write",
            });
          return repository.updateMessage(id, messageId, change);
        },
      },
    };
    await expect(receiveSupplierMessage(racing, negotiationId, "We quote $5.00.")).rejects.toMatchObject({
      code: "stale_write",
    });
    const [message] = await repository.listMessages(negotiationId);
    expect(message).toMatchObject({ status: "running", failure: null });
  });

  it("resumes the paused review with the reviewer's decision and text", async () => {
    const { deps, repository, workflows, negotiationId } = await setup();
    const { messageId } = await receiveSupplierMessage(deps, negotiationId, "We quote $5.00.");
    await repository.updateMessage(negotiationId, messageId, (m) => ({
      ...m,
      status: "awaiting_review",
      taskToken: "token-1",
    }));
    await expect(
      reviewMessage(deps, negotiationId, messageId, { decision: "approve" }),
    ).rejects.toMatchObject({ code: "reply_required" });
    await reviewMessage(deps, negotiationId, messageId, { decision: "approve", text: "Could you do $4.45?" });
    expect(workflows.answered).toEqual([
      { token: "token-1", output: { decision: "approve", text: "Could you do $4.45?" } },
    ]);
  });

  it("refuses a review before the review step is waiting", async () => {
    const { deps, negotiationId } = await setup();
    const { messageId } = await receiveSupplierMessage(deps, negotiationId, "We quote $5.00.");
    await expect(reviewMessage(deps, negotiationId, messageId, { decision: "reject" })).rejects.toMatchObject(
      {
        code: "message_not_awaiting_review",
      },
    );
  });

  it("answers the same review sent again with its earlier outcome, once, and refuses a different one", async () => {
    const { deps, repository, workflows, negotiationId } = await setup();
    const { messageId } = await receiveSupplierMessage(deps, negotiationId, "We quote $5.00.");
    await repository.updateMessage(negotiationId, messageId, (m) => ({
      ...m,
      status: "awaiting_review",
      taskToken: "token-1",
    }));
    const approve = { decision: "approve" as const, text: "Could you do $4.45?" };
    expect(await reviewMessage(deps, negotiationId, messageId, approve)).toEqual({
      messageId,
      decision: "approve",
    });
    // The SaveOutcome step has not run yet: the message still awaits review, its token already answered.
    expect(await reviewMessage(deps, negotiationId, messageId, approve)).toEqual({
      messageId,
      decision: "approve",
      alreadyDecidedAt: "2026-11-24T10:00:00.000Z",
    });
    expect(workflows.answered).toHaveLength(1);
    await expect(reviewMessage(deps, negotiationId, messageId, { decision: "reject" })).rejects.toMatchObject(
      { code: "message_already_reviewed", category: "conflict" },
    );
  });

  it("lets a person answer a message whose workflow failed, directly, with their text", async () => {
    const { deps, repository, workflows, negotiationId } = await setup();
    const { messageId } = await receiveSupplierMessage(deps, negotiationId, "We quote $5.00.");
    await repository.updateMessage(negotiationId, messageId, (m) => ({
      ...m,
      status: "failed",
      failure: { error: "States.Timeout", cause: "The execution ran past its TimeoutSeconds" },
    }));
    await expect(
      reviewMessage(deps, negotiationId, messageId, { decision: "approve" }),
    ).rejects.toMatchObject({ code: "reply_required" });
    await reviewMessage(deps, negotiationId, messageId, {
      decision: "approve",
      text: "Thanks, we will revert.",
    });
    expect(workflows.answered).toHaveLength(0);
    expect(await getMessage(deps, negotiationId, messageId)).toMatchObject({
      status: "approved",
      approvedReply: "Thanks, we will revert.",
      review: { decision: "approve", reviewedAt: "2026-11-24T10:00:00.000Z" },
    });
    expect(
      await reviewMessage(deps, negotiationId, messageId, {
        decision: "approve",
        text: "Thanks, we will revert.",
      }),
    ).toMatchObject({ alreadyDecidedAt: "2026-11-24T10:00:00.000Z" });
  });
});
