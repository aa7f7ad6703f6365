import { describe, expect, it } from "vitest";
import { decide, scriptedLlm } from "../../support/negotiate/negotiation-fixtures";
import { runNegotiationWorkflow as run } from "../../support/negotiate/run-negotiation-workflow";

// A step that fails for a reason that is not the model's expected failure (a bug, a timeout of the step
// itself) must not end the message `failed`: the ASL's Catch escalates it with the reason, and the
// message awaits a person's review like any other.

describe("the negotiation workflow when a step fails", () => {
  it("escalates with the failed step's reason when an expert's step throws", async () => {
    const llm = scriptedLlm().onStructured("extract_quote", new Error("extraction exploded"));
    const processed = await run(llm);
    expect(processed.steps).toContain("StepFailed");
    expect(processed.response).toMatchObject({ action: "escalate", decidedBy: "step_failed" });
    expect(processed.response.reasoning).toContain("extraction exploded");
    expect(processed.response.draft?.body).toContain("will come back to you");
  });

  it("escalates with no model when the CraftResponse step itself fails, and the message still awaits review", async () => {
    const llm = scriptedLlm()
      .onStructured("orchestrate_decision", decide({ action: "counter", counterTerms: { targetPrice: 4.6 } }))
      .onStructured("generate_counter_offer", new Error("crafter exploded"));
    const processed = await run(llm);
    expect(processed.steps).toEqual(
      expect.arrayContaining(["CraftResponse", "EscalateWithoutModel", "AwaitReview"]),
    );
    expect(processed.response).toMatchObject({ action: "escalate", decidedBy: "step_failed" });
    expect(processed.response.reasoning).toContain("crafter exploded");
    expect(processed.response.orchestratorTrace).toHaveLength(1);
  });
});
