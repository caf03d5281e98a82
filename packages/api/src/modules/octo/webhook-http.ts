import { BlockList, isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";

/**
 * The one outbound HTTP call of the API to an address a stranger chose: a reseller's webhook. The address is
 * checked after DNS and before connecting (the connection uses the checked address, so a name re-pointed between
 * the check and the call cannot slip through); redirects are not followed; the answer is read up to a cap and the
 * whole call has a deadline, so a hostile receiver can hold one delivery for at most `timeoutMs`.
 */

/** "public": public unicast addresses only (production). "loopback": this machine only (local runs and tests). */
export type AddressPolicy = "public" | "loopback";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/**
 * Addresses that are not the public internet (RFC 6890 and neighbours): never reached by a "public" delivery. An
 * IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked against the IPv4 rules by BlockList itself.
 */
const notPublic = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(net, bits, "ipv4");
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(net, bits, "ipv6");
}

/** Whether the policy lets a delivery reach this IP address. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  return policy === "loopback" ? loopback.check(address, type) : !notPublic.check(address, type);
}

export class WebhookAddressError extends Error {}

/** The URL's host when it is an IP literal ("[::1]" without brackets), else null. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : null;
}

/**
 * Whether a webhook URL can be registered: http(s), and, when its host is an IP address, one the policy allows (a
 * name is checked at each delivery, after DNS). Answers a Spanish reason or null.
 */
export function webhookUrlProblem(raw: string, policy: AddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "La URL del webhook no es válida.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "La URL del webhook debe empezar por https:// o http://.";
  const literal = literalAddress(url);
  if (literal && !addressAllowed(literal, policy)) return "La URL del webhook apunta a una dirección privada o reservada.";
  if (!literal && policy === "loopback" && url.hostname !== "localhost") return "En este entorno los webhooks solo pueden ir a esta máquina (localhost).";
  return null;
}

/** A DNS lookup that refuses (before any connection) a name with an address the policy does not allow. */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      const refused = list.find((a) => !addressAllowed(a.address, policy));
      if (refused || list.length === 0) {
        return callback(new WebhookAddressError(`dirección no permitida: ${refused?.address ?? "ninguna"}`), "", 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface PostResult {
  ok: boolean;
  status?: number;
  /** Why it failed, for the delivery's log (never shown to visitors). */
  error?: string;
}

/** The most of an answer that is read: a receiver's body is only for the log. */
const MAX_ANSWER_BYTES = 16 * 1024;

/** POSTs `body` to `rawUrl` under the policy; a 2xx is success, anything else (a redirect too) a failure. */
export function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, options: { policy: AddressPolicy; timeoutMs: number }): Promise<PostResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return resolve({ ok: false, error: "URL no válida" });
    }
    const literal = literalAddress(url);
    // an IP literal is never looked up: it is checked here, before the socket exists
    if (literal && !addressAllowed(literal, options.policy)) return resolve({ ok: false, error: `dirección no permitida: ${literal}` });
    if (!literal && options.policy === "loopback" && url.hostname !== "localhost") return resolve({ ok: false, error: `dirección no permitida: ${url.hostname}` });
    const client = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
    if (!client) return resolve({ ok: false, error: "protocolo no permitido" });

    let settled = false;
    const done = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(result);
    };
    const req = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body).toString() },
      lookup: guardedLookup(options.policy),
      agent: false,
    });
    const deadline = setTimeout(() => done({ ok: false, error: `sin respuesta en ${options.timeoutMs} ms` }), options.timeoutMs);
    req.on("error", (err) => done({ ok: false, error: err instanceof WebhookAddressError ? err.message : `error de conexión: ${err.message}` }));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        // enough to know it answered: the rest of a huge answer is not read
        if (read > MAX_ANSWER_BYTES) finish();
      });
      res.on("end", finish);
      res.on("error", finish);
      function finish() {
        const ok = status >= 200 && status < 300;
        done(ok ? { ok, status } : { ok, status, error: status >= 300 && status < 400 ? `redirección ${status} no seguida` : `respuesta ${status}` });
      }
    });
    req.end(body);
  });
}
