import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The local stand-ins (PayPal simulator, local inbox) listen on 127.0.0.1, but a web page can still reach them by
 * DNS rebinding: its own name, re-pointed at 127.0.0.1, arrives with that name in `Host`. Answering only loopback
 * names closes that door.
 */

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** The text a refused request gets (403). */
const FOREIGN_HOST_MESSAGE = "Acceso denegado: este servicio local solo responde a localhost.";

/** Whether a `Host` header names this machine's loopback: localhost, 127.0.0.0/8 or [::1], with or without port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::\d{1,5})?$/i.exec(host.trim());
  if (!match) return false;
  const [, v6, name] = match;
  if (v6 !== undefined) return isIPv6(v6) && loopback.check(v6, "ipv6");
  const lower = (name ?? "").toLowerCase();
  if (lower === "localhost") return true;
  return isIPv4(lower) && loopback.check(lower, "ipv4");
}

/** Wraps a request handler so that a request whose `Host` is not a loopback name gets 403 and goes no further. */
export function loopbackOnly(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (isLoopbackHost(req.headers.host)) return handler(req, res);
    res.writeHead(403, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end(FOREIGN_HOST_MESSAGE);
  };
}
