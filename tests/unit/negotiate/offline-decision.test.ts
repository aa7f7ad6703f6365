import { describe, expect, it } from "vitest";
import { modelUnavailableDecision } from "../../../functions/negotiate/domain/orchestrator";

describe("the decision without a model", () => {
  it("escalates and says why once, not twice", () => {
    const reason = "no LLM provider is configured (LLM_PROVIDER=none)";
    const decision = modelUnavailableDecision({ code: "llm_not_configured", message: reason });
    expect(decision.action).toBe("escalate");
    expect(decision.reasoning).toBe(
      `The experts cannot run without a model, so a person decides: ${reason}.`,
    );
    expect(decision.reasoning.match(/LLM_PROVIDER=none/g)).toHaveLength(1);
  });
});
