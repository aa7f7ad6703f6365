/**
 * `npm run test:live [-- --area AREA] [--scenario NAME]`: every area's agents against the configured
 * model (scripts/live). Prints a row per scenario (expected, got, calls, tokens, latency) and the totals
 * with an estimated cost. Exit 0 when every scenario matches, 1 on a mismatch or an error, 2 when no
 * provider is configured (never a pass). It calls a real provider, so it is never part of `npm test`.
 */
import { runLive } from "./live/runner";

process.exitCode = await runLive(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
});
