import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { markInterruptedWorkflows } from "../../../dev/interrupted-workflows";

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("marking the workflows a stop cut short", () => {
  it("writes each mark only when its turn comes, and none once a turn says the stack is stopping", async () => {
    const written: string[] = [];
    const documents = {
      send: async (command: unknown) => {
        if (!(command instanceof UpdateCommand)) throw new Error("unexpected command");
        written.push(String(command.input.Key?.pk));
        return {};
      },
    };
    const turns: ((go: boolean) => void)[] = [];
    const running = ["a", "b", "c"].map((id) => ({ pk: `T#demo#SHOPRUN#${id}`, sk: "HEADER" }));
    const marked = markInterruptedWorkflows(
      // biome-ignore lint/suspicious/noExplicitAny: the fake answers only the updates.
      documents as any,
      "t",
      running,
      new Date(0),
      1,
      () => new Promise<boolean>((resolve) => turns.push(resolve)),
    );
    await flush();
    expect(written).toEqual([]);
    turns.shift()?.(true);
    await flush();
    expect(written).toEqual(["T#demo#SHOPRUN#a"]);
    turns.shift()?.(false);
    expect((await marked).map((w) => w.id)).toEqual(["a"]);
    expect(written).toEqual(["T#demo#SHOPRUN#a"]);
  });
});
