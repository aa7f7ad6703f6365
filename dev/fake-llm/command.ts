/**
 * `npm run fake-llm -- --tarpit | --slow MS [--port N]`: a provider that misbehaves, as a command, to see
 * what a hanging or slow model does to `npm start`. `--tarpit` accepts every connection and never answers;
 * `--slow MS` answers every call after MS milliseconds with a plain refusal ("I cannot help with that.").
 * It prints its address and the variables that point `npm start` at it, then runs until Ctrl-C.
 */
import { startFakeLlmServer } from "./fake-llm-server";
import { startTarpitServer } from "./tarpit-server";

const USAGE =
  "usage: npm run fake-llm -- --tarpit [--port N]\n       npm run fake-llm -- --slow MS [--port N]";

export interface FakeLlmCommand {
  kind: "tarpit" | "slow";
  delayMs: number;
  port: number;
}

/** The command's arguments, or what is wrong with them. */
export const parseFakeLlmArgs = (args: string[]): FakeLlmCommand | string => {
  const flagValue = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const portText = flagValue("--port") ?? "0";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port: not a port: ${portText}`;
  const tarpit = args.includes("--tarpit");
  const slow = args.includes("--slow");
  if (tarpit === slow) return "give exactly one of --tarpit or --slow MS";
  if (tarpit) return { kind: "tarpit", delayMs: 0, port };
  const delayText = flagValue("--slow") ?? "";
  const delayMs = Number(delayText);
  if (!/^\d+$/.test(delayText) || delayMs > 3_600_000)
    return `--slow: not a delay in ms (0-3600000): ${delayText}`;
  return { kind: "slow", delayMs, port };
};

const main = async (): Promise<number> => {
  const parsed = parseFakeLlmArgs(process.argv.slice(2));
  if (typeof parsed === "string") {
    console.error(`fake-llm: ${parsed}\n${USAGE}`);
    return 2;
  }
  const server =
    parsed.kind === "tarpit"
      ? await startTarpitServer(parsed.port)
      : await startFakeLlmServer({
          port: parsed.port,
          script: () => ({ delayMs: parsed.delayMs, reply: { text: "I cannot help with that." } }),
        });
  console.log(
    `${parsed.kind === "tarpit" ? "Tarpit provider (accepts, never answers)" : `Slow provider (answers after ${parsed.delayMs} ms)`} at ${server.url}\n` +
      `Point npm start at it:\n` +
      `  LLM_PROVIDER=anthropic ANTHROPIC_API_KEY=local ANTHROPIC_BASE_URL=${server.url} npm start\n` +
      `  LLM_PROVIDER=openai OPENAI_API_KEY=local OPENAI_BASE_URL=${server.url}/v1 npm start\n` +
      "Ctrl-C stops it.",
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await server.close();
  return 0;
};

if (process.argv[1]?.endsWith("command.ts")) process.exitCode = await main();
