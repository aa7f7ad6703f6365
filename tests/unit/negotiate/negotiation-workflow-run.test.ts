import { describe, expect, it } from "vitest";
import { startLocalNegotiation } from "../../../dev/negotiate/local-negotiation";
import { createUnavailableLlm, LlmOutputInvalid, LlmUnavailable } from "../../../functions/core/llm";
import { MAX_ITERATIONS } from "../../../functions/negotiate/domain/orchestrator";
import { createFakeLlm } from "../../support/llm/fake-llm";
import {
  classified,
  consult,
  decide,
  extracted,
  extractionAnswer,
  merchantInstructions,
  needsAnswer,
  orderContext,
  promptsOf,
  scriptedLlm,
  supplierEmail,
} from "../../support/negotiate/negotiation-fixtures";

import { runNegotiationWorkflow as run } from "../../support/negotiate/run-negotiation-workflow";

// Once the twin of the workflow (processSupplierMessage), these now run the workflow itself: the ASL in the
// local runner, each Task bound to the step handlers the Lambdas export.

describe("the negotiation workflow: experts and the orchestrator loop", () => {
  it("runs extraction and escalation at once: each starts before the other answers", async () => {
    const started: string[] = [];
    let release: () => void = () => {};
    const bothStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    const barrier = (name: string, value: object) => async () => {
      started.push(name);
      if (started.length === 2) release();
      await bothStarted;
      return value;
    };
    const base = scriptedLlm();
    const llm = base
      .onStructured(
        "extract_quote",
        barrier("extract_quote", { extractedData: null, confidence: 0.2, notes: "" }),
      )
      .onStructured(
        "evaluate_escalation",
        barrier("evaluate_escalation", {
          shouldEscalate: false,
          reasoning: "none",
          triggersEvaluated: [],
          triggeredTriggers: [],
          severity: "none",
        }),
      )
      .onStructured("orchestrate_decision", decide({ action: "accept" }));
    const { response } = await run(llm);
    expect(started.sort()).toEqual(["evaluate_escalation", "extract_quote"]);
    expect(response.action).toBe("accept");
  });

  it("accepts when the orchestrator is ready at once, drafting the acceptance from the supplier's terms", async () => {
    const llm = scriptedLlm().onStructured("orchestrate_decision", decide({ action: "accept" }));
    const { response, classifiedInstructions } = await run(llm);
    expect(classifiedInstructions).toEqual(classified);
    expect(response).toMatchObject({ action: "accept", decidedBy: "orchestrator" });
    expect(response.draft?.body).toContain("4.95 USD");
    expect(response.leakCheck).toEqual({ blocked: false, findings: [] });
    expect(response.orchestratorTrace).toHaveLength(1);
    // The workflow reads the first round's opinions in key order (r00-escalation, r00-extraction), as the
    // integration test of the deployed workflow asserts; the twin listed them the other way round.
    expect(response.expertOpinions.map((o) => o.expert)).toEqual(["escalation", "extraction"]);
    // classifier, two experts, one orchestrator round; the acceptance needs no model.
    expect(response.totalLLMCalls).toBe(4);
    expect(response.totalInputTokens).toBeGreaterThan(0);
  });

  it("re-consults the needs expert on the orchestrator's request and hands its questions to the crafter", async () => {
    const llm = scriptedLlm().onStructured("orchestrate_decision", [
      consult("needs", "What is missing?"),
      decide({ action: "clarify", reasoning: "Validity unknown." }),
    ]);
    const { response } = await run(llm);
    expect(response.action).toBe("clarify");
    expect(response.expertOpinions.at(-1)).toMatchObject({
      expert: "needs",
      question: "What is missing?",
      analysis: needsAnswer,
    });
    expect(promptsOf(llm, "analyze_needs")[0]).toContain("What is missing?");
    expect(promptsOf(llm, "generate_clarification")[0]).toContain("1. How long is this price valid?");
    expect(response.draft?.body).toBe("How long is this price valid?");
    expect(response.totalLLMCalls).toBe(7);
  });

  it(`escalates after ${MAX_ITERATIONS} rounds without a decision (the safety valve)`, async () => {
    const llm = scriptedLlm().onStructured("orchestrate_decision", consult("extraction", "Again?"));
    const { response } = await run(llm);
    expect(response).toMatchObject({ action: "escalate", decidedBy: "safety_valve" });
    expect(response.draft?.body).toContain("will come back to you");
    expect(llm.callsNamed("orchestrate_decision")).toHaveLength(MAX_ITERATIONS);
    expect(response.orchestratorTrace).toHaveLength(MAX_ITERATIONS);
    // The first extraction plus one per round but the last.
    expect(llm.callsNamed("extract_quote")).toHaveLength(MAX_ITERATIONS);
  });

  it("never overrides the model: an accept stands even when the escalation expert says a trigger fired", async () => {
    const llm = scriptedLlm()
      .onStructured("evaluate_escalation", {
        shouldEscalate: true,
        reasoning: "prepayment",
        triggersEvaluated: ["prepayment"],
        triggeredTriggers: ["prepayment"],
        severity: "high",
      })
      .onStructured(
        "orchestrate_decision",
        decide({ action: "accept", reasoning: "Net 30 is not prepayment." }),
      );
    const { response } = await run(llm);
    expect(response.action).toBe("accept");
    expect(response.policyEvaluation).toMatchObject({
      action: "accept",
      shouldEscalate: false,
      triggeredTriggers: ["prepayment"],
    });
  });

  it("keeps the decision when the draft leaks a private figure, blocking the draft for the reviewer", async () => {
    const llm = scriptedLlm()
      .onStructured("orchestrate_decision", decide({ action: "counter", counterTerms: { targetPrice: 4.6 } }))
      .onStructured("generate_counter_offer", {
        subject: "Re",
        body: "Our ceiling is 5,19 USD; can you do $4.60?",
      });
    const { response } = await run(llm);
    expect(response.action).toBe("counter");
    expect(response.counterTerms).toEqual({ targetPrice: 4.6 });
    expect(response.leakCheck?.blocked).toBe(true);
    expect(response.leakCheck?.findings).toEqual([
      expect.objectContaining({ kind: "private_figure", source: "instructions", excerpt: "5,19 USD" }),
    ]);
  });

  it("reports an expert whose model failed and lets the orchestrator decide with that", async () => {
    const llm = scriptedLlm()
      .onStructured("extract_quote", new LlmOutputInvalid("bad output twice", []))
      .onStructured(
        "orchestrate_decision",
        decide({ action: "escalate", reasoning: "No terms could be read." }),
      );
    const { response } = await run(llm);
    expect(response.extraction).toMatchObject({ success: false, error: "bad output twice" });
    expect(response.expertOpinions.find((o) => o.expert === "extraction")).toMatchObject({
      failure: { code: "llm_output_invalid" },
    });
    expect(promptsOf(llm, "orchestrate_decision")[0]).toContain("llm_output_invalid");
    expect(response.action).toBe("escalate");
    expect(response.decidedBy).toBe("orchestrator");
  });

  it("escalates saying why when the orchestrator's model is down", async () => {
    const llm = scriptedLlm().onStructured("orchestrate_decision", new LlmUnavailable("provider down"));
    const { response } = await run(llm);
    expect(response).toMatchObject({ action: "escalate", decidedBy: "model_unavailable" });
    expect(response.reasoning).toContain("provider down");
  });

  it("refuses an orchestrator answer that neither acts nor names an expert, and escalates saying so", async () => {
    const llm = scriptedLlm().onStructured(
      "orchestrate_decision",
      decide({ readyToAct: false, action: null, nextExpert: null }),
    );
    const { response } = await run(llm);
    expect(response).toMatchObject({ action: "escalate", decidedBy: "model_unavailable" });
    expect(response.reasoning).toContain("llm_output_invalid");
  });

  it("offline (LLM_PROVIDER=none) escalates with that reason and guesses nothing", async () => {
    const { response } = await run(createUnavailableLlm("LLM_PROVIDER is none"));
    expect(response).toMatchObject({
      action: "escalate",
      decidedBy: "model_unavailable",
      totalLLMCalls: 0,
      llmCalls: [],
    });
    // An escalation's draft is a holding reply a person can approve as is: no figure, no term.
    expect(response.draft?.body).toContain("will come back to you");
    expect(response.draft?.body).not.toMatch(/\$|USD|price|\d[.,]\d/i);
    expect(response.leakCheck).toEqual({ blocked: false, findings: [] });
    // Why there is no model, in the port's own words, said once.
    expect(response.reasoning).toBe(
      "The experts cannot run without a model, so a person decides: LLM_PROVIDER is none.",
    );
  });

  it("reuses stored classified instructions instead of classifying again", async () => {
    const llm = createFakeLlm()
      .onStructured("extract_quote", { extractedData: null, confidence: 0, notes: "" })
      .onStructured("evaluate_escalation", {
        shouldEscalate: false,
        reasoning: "",
        triggersEvaluated: [],
        triggeredTriggers: [],
        severity: "none",
      })
      .onStructured("orchestrate_decision", decide({ action: "escalate" }));
    await run(llm, { classifiedInstructions: classified });
    expect(llm.callsNamed("classify_instructions")).toHaveLength(0);
  });

  it("computes the deprecated fields from the opinions and the trace", async () => {
    const llm = scriptedLlm().onStructured(
      "orchestrate_decision",
      decide({ action: "counter", counterTerms: { targetPrice: 4.6 } }),
    );
    const { response } = await run(llm);
    expect(response.extraction).toMatchObject({ success: true, extractedData: { unitPrice: 4.95 } });
    expect(response.policyEvaluation).toEqual({
      action: "counter",
      reasoning: "Within the rules.",
      counterTerms: { targetPrice: 4.6 },
      shouldEscalate: false,
      triggeredTriggers: [],
    });
    expect(response.responseGeneration).toMatchObject({
      schemaName: "generate_counter_offer",
      success: true,
      error: null,
    });
  });

  it("gives the extraction expert the terms of earlier turns and the thread", async () => {
    // The thread is the workflow's own: an earlier email whose terms were extracted and whose reply was approved.
    const llm = scriptedLlm()
      .onStructured("extract_quote", [
        { ...extractionAnswer, extractedData: { ...extracted, unitPrice: 5.1, leadTimeDays: 14 } },
        extractionAnswer,
      ])
      .onStructured("orchestrate_decision", [
        decide({ action: "counter", counterTerms: { targetPrice: 4.6 } }),
        decide({ action: "accept" }),
      ]);
    const negotiation = await startLocalNegotiation(llm, { orderContext, merchantInstructions });
    try {
      const first = await negotiation.receive("$5.10 per unit.");
      await negotiation.approve(first.messageId, "Could you do better?");
      await negotiation.receive(supplierEmail);
    } finally {
      await negotiation.stop();
    }
    const prompt = promptsOf(llm, "extract_quote")[1];
    expect(prompt).toContain("Could you do better?");
    expect(prompt).toContain('"unitPrice": 5.1');
  });
});
