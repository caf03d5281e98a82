/**
 * The benches' load generator, run as a process of its own (bench/storefront-process.ts: `generateLoad`) so the
 * requests are made and read by another process than the server's — and, where the machine allows, on another core:
 * a client in the server's own process caps what it can measure (issue 27: fetch in the pages bench held the static
 * side at ~476 req/s). autocannon, at `connections` for `seconds`, against one URL; prints one JSON line.
 * Usage: tsx bench/load-generator.ts <url> <seconds> <connections> [headers as JSON]
 */
import autocannon from "autocannon";

const [url, seconds, connections, headers] = process.argv.slice(2);
if (!url || !seconds || !connections) throw new Error("usage: load-generator.ts <url> <seconds> <connections> [headers as JSON]");
const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  headers: headers ? (JSON.parse(headers) as Record<string, string>) : undefined,
});
const ok = result["2xx"];
process.stdout.write(
  `${JSON.stringify({ requests: ok, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, seconds: result.duration, rps: ok / result.duration })}\n`,
);
