import { describe, expect, it } from "vitest";
import { z } from "zod";
import { playScenario } from "../../../dev/negotiate/play-scenario";
import { NEGOTIATION_SCENARIOS, type NegotiationScenario } from "../../../dev/negotiate/scenarios";
import { toToolJsonSchema } from "../../../functions/core/llm/tool-json-schema";
import {
  ClassifierOutputSchema,
  classifyInstructions,
} from "../../../functions/negotiate/domain/instruction-classifier";
import {
  OrchestratorOutputSchema,
  orchestratorOutputFor,
} from "../../../functions/negotiate/domain/orchestrator";
import { EscalationOutputSchema } from "../../../functions/negotiate/domain/roles/escalation";
import {
  createExtractionExpert,
  ExtractQuoteOutputSchema,
} from "../../../functions/negotiate/domain/roles/extraction";
import { NeedsOutputSchema } from "../../../functions/negotiate/domain/roles/needs";
import { draftOutputFor } from "../../../functions/negotiate/domain/roles/response-crafter";
import {
  ClassifiedInstructionsSchema,
  DraftEmailSchema,
  EscalationAnalysisSchema,
  ExtractedQuoteDataSchema,
  NeedsAnalysisSchema,
  OrchestratorDecisionSchema,
} from "../../../functions/negotiate/domain/roles/types";
import {
  call,
  createRealisticFakeLlm,
  type RealisticHandler,
  type RealisticReply,
} from "../../support/llm/realistic-fake-llm";

// The negotiation (seed 003) against a model that answers as real Claude / GPT models do: the values a
// schema allows written in another form, numbers as text, a counter that contradicts the quote, a draft
// with a placeholder. Each is read as meant, asked again once naming what is wrong, or refused with the
// reason; never a needless escalation and never a wrong decision presented as right.

const scenarioNamed = (name: string): NegotiationScenario => {
  const scenario = NEGOTIATION_SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`the ${name} scenario is missing`);
  return scenario;
};

type Override = (attempt: number, scripted: Record<string, unknown>) => RealisticReply;

/** The scenario's scripted answers as tool calls, except the tools given, answered by their override. */
const modelFor = (scenario: NegotiationScenario, overrides: Record<string, Override> = {}) => {
  const handler =
    (tool: string): RealisticHandler =>
    ({ attempt }) => {
      const answers = scenario.script[tool] ?? [];
      // Each scripted answer is one call; an override's re-asks do not move the script on.
      const scripted = answers[Math.min(attempt - 1, answers.length - 1)] as Record<string, unknown>;
      const override = overrides[tool];
      return override ? override(attempt, answers[0] as Record<string, unknown>) : call(tool, scripted);
    };
  return createRealisticFakeLlm(
    Object.fromEntries(Object.keys(scenario.script).map((tool) => [tool, handler(tool)])),
  );
};

const reasksOf = (llm: ReturnType<typeof modelFor>, tool: string): string[] =>
  llm.requests
    .filter((r) => r.handler === tool)
    .slice(1)
    .map((r) => JSON.stringify(r.request.messages.slice(1)));

describe("the orchestrator's enum values as a real model writes them", () => {
  it('"Counter-offer" every time is read as counter, not escalated after two rejections', async () => {
    const scenario = scenarioNamed("counter");
    const llm = modelFor(scenario, {
      orchestrate_decision: (_attempt, scripted) =>
        call("orchestrate_decision", { ...scripted, action: "Counter-offer" }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("counter");
    expect(turn?.response.decidedBy).toBe("orchestrator");
    expect(turn?.response.counterTerms).toEqual({ targetPrice: 4.45 });
  });

  it('"Needs Expert" as nextExpert and "Ask for clarification" as action reach the needs expert and a clarify', async () => {
    const scenario = scenarioNamed("reconsult-needs");
    const llm = modelFor(scenario, {
      orchestrate_decision: (attempt) =>
        attempt === 1
          ? call("orchestrate_decision", {
              readyToAct: false,
              action: null,
              reasoning: "We need the needs expert's questions first.",
              nextExpert: "Needs Expert",
              questionForExpert: "Which missing terms matter most, and what should we ask?",
              counterTerms: null,
            })
          : call("orchestrate_decision", {
              readyToAct: true,
              action: "Ask for clarification",
              reasoning: "The supplier gave no terms; ask for them in priority order.",
              nextExpert: null,
              questionForExpert: null,
              counterTerms: null,
            }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("clarify");
    expect(turn?.response.expertOpinions.map((o) => o.expert)).toContain("needs");
  });

  it('"Escalate to human" is escalate, and the schema sent to the model names the four actions', async () => {
    const scenario = scenarioNamed("escalate-on-trigger");
    const llm = modelFor(scenario, {
      orchestrate_decision: (_attempt, scripted) =>
        call("orchestrate_decision", { ...scripted, action: "Escalate to human" }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("escalate");
    expect(turn?.response.decidedBy).toBe("orchestrator");
    // Every call sends the team's tools (a shared prompt-cache prefix) and forces its own.
    const tool = llm.requests
      .find((r) => r.handler === "orchestrate_decision")
      ?.request.tools.find((t) => t.name === "orchestrate_decision");
    expect(JSON.stringify(tool?.inputSchema)).toContain('["accept","counter","escalate","clarify"]');
  });

  it("an action that names two values is not guessed at: asked again, then a person decides", async () => {
    const scenario = scenarioNamed("counter");
    const llm = modelFor(scenario, {
      orchestrate_decision: (_attempt, scripted) =>
        call("orchestrate_decision", { ...scripted, action: "accept or counter" }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("escalate");
    expect(reasksOf(llm, "orchestrate_decision")[0]).toMatch(
      /accept.{1,6}counter.{1,6}escalate.{1,6}clarify/,
    );
  });
});

describe("the extraction expert's numbers as a real model writes them", () => {
  it('"$4.20", "usd", "2,000 units", "10 days" and confidence 90 are the quote, and the deal is accepted on it', async () => {
    const scenario = scenarioNamed("accept");
    const llm = modelFor(scenario, {
      extract_quote: () =>
        call("extract_quote", {
          extractedData: {
            unitPrice: "$4.20",
            currency: "usd",
            quantity: "2,000 units",
            minimumOrderQuantity: null,
            leadTimeDays: "10 days",
            paymentTerms: "net 30",
            validUntil: null,
            otherTerms: "Tetra Pak, organic seal",
          },
          confidence: 90,
          notes: "All terms stated explicitly.",
        }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.extraction).toMatchObject({
      success: true,
      confidence: 0.9,
      extractedData: { unitPrice: 4.2, currency: "USD", quantity: 2000, leadTimeDays: 10 },
    });
    expect(turn?.response.action).toBe("accept");
    expect(turn?.response.draft?.body).toContain("unit price 4.20 USD");
  });

  it('"4,20 €", "US$" and "2 weeks" read as 4.2 EUR and 14 days; "4,200" is never guessed', async () => {
    const answer = (unitPrice: string, currency: string, leadTimeDays: string) =>
      call("extract_quote", {
        extractedData: {
          unitPrice,
          currency,
          quantity: null,
          minimumOrderQuantity: "10.000",
          leadTimeDays,
          paymentTerms: null,
          validUntil: null,
          otherTerms: null,
        },
        confidence: "85%",
        notes: "",
      });
    const euro = await createExtractionExpert(
      createRealisticFakeLlm({ extract_quote: () => answer("4,20 €", "€", "2 weeks") }),
    ).analyze({ supplierMessage: "4,20 € por unidade, MOQ 10.000, entrega em 2 semanas." });
    expect(euro.analysis).toMatchObject({
      success: true,
      confidence: 0.85,
      extractedData: { unitPrice: 4.2, currency: "EUR", minimumOrderQuantity: 10000, leadTimeDays: 14 },
    });
    const dollar = await createExtractionExpert(
      createRealisticFakeLlm({ extract_quote: () => answer("4.37", "US$", "14") }),
    ).analyze({ supplierMessage: "US$ 4.37 each, 14 days." });
    expect(dollar.analysis.extractedData).toMatchObject({
      unitPrice: 4.37,
      currency: "USD",
      leadTimeDays: 14,
    });

    const llm = createRealisticFakeLlm({ extract_quote: () => answer("4,200", "USD", "1-2 months") });
    const ambiguous = await createExtractionExpert(llm).analyze({ supplierMessage: "Price 4,200." });
    expect(ambiguous.analysis.success).toBe(false);
    expect(ambiguous.analysis.extractedData).toBeNull();
    expect(llm.requests).toHaveLength(2);
    expect(JSON.stringify(llm.requests[1]?.request.messages)).toMatch(
      /4,200.{0,4} is not one number.{0,80}4,200.{0,4} could be 4.2 or 4200/,
    );
  });
});

describe("the escalation expert and the instruction classifier as a real model answers", () => {
  it('severity "High" and a trigger it paraphrases are the analysis, not a failed expert', async () => {
    const scenario = scenarioNamed("escalate-on-trigger");
    const llm = modelFor(scenario, {
      evaluate_escalation: (_attempt, scripted) =>
        call("evaluate_escalation", { ...scripted, severity: "High" }),
    });
    const [turn] = await playScenario(llm, scenario);
    const escalation = turn?.response.expertOpinions.find((o) => o.expert === "escalation");
    expect(escalation?.failure).toBeUndefined();
    expect(escalation?.analysis).toMatchObject({ shouldEscalate: true, severity: "high" });
    expect(turn?.response.action).toBe("escalate");
  });

  it("a classifier that lists the triggers as an array and leaves a part null classifies, and the round counters", async () => {
    const scenario = scenarioNamed("counter");
    const llm = modelFor(scenario, {
      classify_instructions: () =>
        call("classify_instructions", {
          negotiationRules: [
            "Aim for a unit price at or below our target.",
            "Lead time must be under 21 days.",
            "Walk away above $5.19 per unit. Never promise exclusivity.",
          ],
          escalationTriggers: [
            "Escalate if the supplier demands full prepayment, or threatens to stop supplying us.",
          ],
          specialInstructions: null,
        }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.decidedBy).toBe("orchestrator");
    expect(turn?.response.action).toBe("counter");
    const direct = await classifyInstructions(llm, "Walk away above $5.19. Escalate on prepayment.");
    expect(direct.ok && direct.value.negotiationRules).toContain("Lead time must be under 21 days.");
    expect(direct.ok && direct.value.specialInstructions).toBe("");
  });
});

describe("what the model is told", () => {
  it("the tools' schemas are the seed's strict ones (enums, numbers, every field required), whatever is read leniently", () => {
    expect(toToolJsonSchema(OrchestratorOutputSchema)).toEqual(toToolJsonSchema(OrchestratorDecisionSchema));
    const order = scenarioNamed("counter").orderContext;
    const input = {
      supplierMessage: "$5.00 each.",
      orderContext: order,
      classifiedInstructions: { negotiationRules: "", escalationTriggers: "", specialInstructions: "" },
      expertOpinions: [],
      priorOrchestratorDecisions: [],
    };
    expect(toToolJsonSchema(orchestratorOutputFor(input))).toEqual(
      toToolJsonSchema(OrchestratorDecisionSchema),
    );
    expect(toToolJsonSchema(draftOutputFor({ value: 4.45, currency: "USD" }))).toEqual(
      toToolJsonSchema(DraftEmailSchema),
    );
    expect(toToolJsonSchema(EscalationOutputSchema)).toEqual(toToolJsonSchema(EscalationAnalysisSchema));
    expect(toToolJsonSchema(NeedsOutputSchema)).toEqual(toToolJsonSchema(NeedsAnalysisSchema));
    expect(toToolJsonSchema(ClassifierOutputSchema)).toEqual(toToolJsonSchema(ClassifiedInstructionsSchema));
    expect(toToolJsonSchema(ExtractQuoteOutputSchema)).toEqual(
      toToolJsonSchema(
        z.object({
          extractedData: ExtractedQuoteDataSchema.nullable(),
          confidence: z.number().min(0).max(1),
          notes: z.string().max(4000),
        }),
      ),
    );
  });
});

describe("a counter that contradicts the quote, and a draft that is not ready to send", () => {
  const scenario = scenarioNamed("counter");
  const counterWith = (counterTerms: unknown) =>
    call("orchestrate_decision", {
      readyToAct: true,
      action: "counter",
      reasoning: "Above target, below the walk-away price: counter.",
      nextExpert: null,
      questionForExpert: null,
      counterTerms,
    });

  it("a counter price above the supplier's $5.00 quote is asked again, and the corrected counter is the one used", async () => {
    const llm = modelFor(scenario, {
      orchestrate_decision: (attempt) => counterWith({ targetPrice: attempt === 1 ? 5.2 : 4.45 }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("counter");
    expect(turn?.response.counterTerms).toEqual({ targetPrice: 4.45 });
    expect(reasksOf(llm, "orchestrate_decision")[0]).toMatch(/5\.2 is not below the supplier's quoted 5/);
  });

  it("a counter with no terms is asked again for them, never drafted as a counter that proposes nothing", async () => {
    const llm = modelFor(scenario, {
      orchestrate_decision: (attempt) => counterWith(attempt === 1 ? null : { targetPrice: 4.45 }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.counterTerms).toEqual({ targetPrice: 4.45 });
  });

  it("a model that keeps countering above the quote leads to a person deciding, with the reason recorded", async () => {
    const llm = modelFor(scenario, { orchestrate_decision: () => counterWith({ targetPrice: "$5.20" }) });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("escalate");
    expect(turn?.response.reasoning).toMatch(/5\.2 is not below the supplier's quoted 5/);
  });

  it('a counter email signed "[Your Name]" is asked again; one that never states the counter price is no draft', async () => {
    const signed = modelFor(scenario, {
      generate_counter_offer: (attempt) =>
        call("generate_counter_offer", {
          subject: "Re: oat milk quote",
          body:
            attempt === 1
              ? "Dear Supplier,\n\nCould you do $4.45 per unit for 2,000 units?\n\nBest regards,\n[Your Name]\n[Your Company]"
              : "Dear Supplier,\n\nCould you do $4.45 per unit for 2,000 units?\n\nKind regards,\nPurchasing team",
        }),
    });
    const [turn] = await playScenario(signed, scenario);
    expect(turn?.response.draft?.body).not.toMatch(/\[Your/);
    expect(turn?.response.draft?.body).toContain("$4.45");
    expect(reasksOf(signed, "generate_counter_offer")[0]).toContain("[Your Name]");

    const vague = modelFor(scenario, {
      generate_counter_offer: () =>
        call("generate_counter_offer", {
          subject: "Re: oat milk quote",
          body: "Thank you for the quote. Could you offer us a better price per unit for 2,000 units?",
        }),
    });
    const [vagueTurn] = await playScenario(vague, scenario);
    expect(vagueTurn?.response.action).toBe("counter");
    expect(vagueTurn?.response.draft).toBeNull();
    expect(vagueTurn?.response.responseGeneration?.error).toMatch(/4\.45/);
  });
});

describe("a decision that breaks the merchant's price limits", () => {
  // The counter scenario, but the supplier asks $5.50: above the $5.19 walk-away price of the rules.
  const base = scenarioNamed("counter");
  const quoted = base.script.extract_quote?.[0] as { extractedData: object };
  const scenario: NegotiationScenario = {
    ...base,
    turns: [
      {
        supplierMessage: "Hello, our price for 2,000 units is $5.50 each, 12 days, net 30.",
        expectedAction: "escalate",
      },
    ],
    script: {
      ...base.script,
      extract_quote: [{ ...quoted, extractedData: { ...quoted.extractedData, unitPrice: 5.5 } }],
    },
  };
  const decide = (action: string, counterTerms: object | null = null) =>
    call("orchestrate_decision", {
      readyToAct: true,
      action,
      reasoning: "The supplier is reliable and the lead time is good.",
      nextExpert: null,
      questionForExpert: null,
      counterTerms,
    });

  it("an accept of $5.50 above the $5.19 walk-away is asked again, and the corrected decision is used", async () => {
    const llm = modelFor(scenario, {
      orchestrate_decision: (attempt) =>
        attempt === 1 ? decide("accept") : decide("counter", { targetPrice: 4.95 }),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("counter");
    expect(reasksOf(llm, "orchestrate_decision")[0]).toMatch(/5\.5 .{0,40}above .{0,80}5\.19/);
  });

  it("a counter at $5.30, above the walk-away price, is never sent: a model that insists leads to a person", async () => {
    const llm = modelFor(scenario, { orchestrate_decision: () => decide("counter", { targetPrice: 5.3 }) });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.action).toBe("escalate");
    expect(turn?.response.reasoning).toMatch(/5\.3 .{0,40}above .{0,80}5\.19/);
  });
});

describe("an escalation expert that names a trigger the merchant never set", () => {
  const scenario = scenarioNamed("counter");
  const invented = {
    shouldEscalate: true,
    reasoning: "The price is above the target, which needs a human.",
    triggersEvaluated: ["Price above target", "full prepayment", "threat to stop supplying"],
    triggeredTriggers: ["Price above target"],
    severity: "medium",
  };

  it('"Price above target" is not a trigger of this merchant: asked again, and the corrected analysis is kept', async () => {
    const llm = modelFor(scenario, {
      evaluate_escalation: (attempt, scripted) =>
        call("evaluate_escalation", attempt === 1 ? invented : scripted),
    });
    const [turn] = await playScenario(llm, scenario);
    expect(turn?.response.policyEvaluation.triggeredTriggers).toEqual([]);
    expect(reasksOf(llm, "evaluate_escalation")[0]).toContain("Price above target");
  });

  it("a trigger that fires with shouldEscalate false is a contradiction asked about, never kept as is", async () => {
    const llm = modelFor(scenarioNamed("escalate-on-trigger"), {
      evaluate_escalation: (_attempt, scripted) =>
        call("evaluate_escalation", { ...scripted, shouldEscalate: false }),
    });
    const [turn] = await playScenario(llm, scenarioNamed("escalate-on-trigger"));
    const escalation = turn?.response.expertOpinions.find((o) => o.expert === "escalation");
    expect(escalation?.analysis).toBeNull();
    expect(escalation?.failure?.message).toMatch(/shouldEscalate/);
    expect(turn?.response.action).toBe("escalate");
  });
});

describe("the needs expert's lists as a real model writes them", () => {
  it("questions sent as one numbered text and fields as one comma list are the lists, and the clarify asks them", async () => {
    const scenario = scenarioNamed("reconsult-needs");
    const llm = modelFor(scenario, {
      analyze_needs: () =>
        call("analyze_needs", {
          missingFields: "unitPrice, leadTimeDays, paymentTerms",
          prioritizedQuestions:
            "1. What is your unit price for 2,000 units?\n2. What lead time can you commit to?\n3. Can you offer net 30 payment terms?",
          reasoning: "Price and lead time decide the deal under the rules.",
        }),
    });
    const [turn] = await playScenario(llm, scenario);
    const needs = turn?.response.expertOpinions.find((o) => o.expert === "needs");
    expect(needs?.analysis).toMatchObject({
      missingFields: ["unitPrice", "leadTimeDays", "paymentTerms"],
      prioritizedQuestions: [
        "What is your unit price for 2,000 units?",
        "What lead time can you commit to?",
        "Can you offer net 30 payment terms?",
      ],
    });
    const crafter = llm.requests.find((r) => r.handler === "generate_clarification");
    expect(JSON.stringify(crafter?.request.messages)).toContain(
      "1. What is your unit price for 2,000 units?",
    );
  });
});
