import { parseOrThrow } from "../../../../core/validation";
import type { CampaignToolResult } from "../campaign-tool-result";
import {
  type CampaignToolDeps,
  type CampaignToolName,
  createCampaignToolRunner,
  TOOL_INPUTS,
} from "../campaign-tools";

/** `POST /campaigns/search`: one of the chat's tools, run without the model on arguments a client sent. */
export const runCampaignTool = async (
  deps: CampaignToolDeps,
  request: { tool: CampaignToolName; args: unknown },
): Promise<CampaignToolResult> => {
  const input = parseOrThrow(TOOL_INPUTS[request.tool], request.args, `${request.tool} args`);
  const runner = createCampaignToolRunner(deps);
  return (runner[request.tool] as (input: unknown) => Promise<CampaignToolResult>)(input);
};
