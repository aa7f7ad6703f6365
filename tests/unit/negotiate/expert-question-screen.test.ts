import { describe, expect, it } from "vitest";
import { screenQuestionForExpert } from "../../../functions/negotiate/domain/expert-question-screen";
import type { MessageContext } from "../../../functions/negotiate/domain/message-context";
import {
  classified,
  merchantInstructions,
  orderContext,
  RULES,
  SPECIAL,
  TRIGGERS,
} from "../../support/negotiate/negotiation-fixtures";

const context: MessageContext = {
  supplierMessage: "We quote $4.95.",
  orderContext,
  classifiedInstructions: classified,
};
const screen = (expert: "extraction" | "escalation" | "needs", question: string) =>
  screenQuestionForExpert(expert, question, context, merchantInstructions);

describe("the orchestrator's question to an expert", () => {
  it("keeps a question that carries nothing private, as asked", () => {
    expect(screen("extraction", "Is the price per unit or per case?")).toEqual({
      question: "Is the price per unit or per case?",
      removed: [],
    });
  });

  it("removes the merchant's figures, in any money format, for every expert", () => {
    for (const expert of ["extraction", "escalation", "needs"] as const) {
      const screened = screen(expert, "Would 4,37 USD work? Is the quote per unit?");
      expect(screened.question).toBe("Is the quote per unit?");
      expect(screened.removed).toEqual([{ sentence: "Would 4,37 USD work?", reason: "private_figure" }]);
    }
    expect(screen("extraction", "We last paid $4.81 for these.").question).toBeNull();
    expect(screen("extraction", "Stay under our walk-away of 5.19.").question).toBeNull();
  });

  it("removes talk of the merchant's price position (target, walk-away, budget) without a figure", () => {
    expect(
      screen("extraction", "Does the quote beat our target price? What is the lead time?"),
    ).toMatchObject({
      question: "What is the lead time?",
      removed: [{ reason: "merchant_strategy" }],
    });
  });

  it("removes what each expert is not given of the instructions, and keeps what it is", () => {
    expect(screen("extraction", `${RULES} What did they quote?`).question).toBe("What did they quote?");
    expect(screen("extraction", `${TRIGGERS} What did they quote?`).question).toBe("What did they quote?");
    expect(screen("needs", `${SPECIAL} What is missing?`).question).toBe("What is missing?");
    expect(screen("needs", `${TRIGGERS} What is missing?`).question).toBe("What is missing?");
    expect(screen("escalation", `${RULES} Does a trigger fire?`).question).toBe("Does a trigger fire?");
    // The escalation expert is given the triggers, the needs expert the rules: quoting them is fine.
    expect(screen("escalation", TRIGGERS).question).toBe(TRIGGERS);
    expect(screen("needs", "Does lead time must be under 21 days matter here?").removed).toEqual([]);
  });

  it("gives the expert no question at all when every sentence was private", () => {
    expect(screen("extraction", "Our negotiation rules say aim low.")).toMatchObject({
      question: null,
      removed: [{ reason: "negotiation_rules" }],
    });
  });
});
