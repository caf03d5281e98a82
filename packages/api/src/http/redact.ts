import type { FastifyRequest } from "fastify";

/**
 * No PIN, token or key in any log line (issue 28). The query string of calls that carry a booking's PIN, a staff
 * session or a reseller's key is dropped whole; elsewhere any parameter whose name says it is a secret is masked.
 * Authorization and Cookie headers are redacted by the logger's own `redact` paths (app.ts).
 */
const SECRET_QUERY_PATHS = [/^\/api\/reserva(\/|$)/, /^\/api\/auth(\/|$)/, /^\/octo(\/|$)/, /^\/api\/checkin(\/|$)/, /^(\/api)?\/compra\/(confirma|cancel)(\/|$)/];
const SECRET_PARAMS = /^(pin|token|access_token|key|api_?key|apikey|password|contrasena|clave|secret|jwt|payerid|ref|referencia)$/i;
const REDACTED = "[oculto]";

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (SECRET_QUERY_PATHS.some((re) => re.test(path))) return `${path}?${REDACTED}`;
  try {
    const pairs = url
      .slice(q + 1)
      .split("&")
      .map((pair) => {
        const name = decodeURIComponent(pair.split("=")[0]!.replace(/\+/g, " ")).trim();
        return SECRET_PARAMS.test(name) ? `${pair.split("=")[0]}=${REDACTED}` : pair;
      });
    return `${path}?${pairs.join("&")}`;
  } catch {
    return `${path}?${REDACTED}`;
  }
}

/** Fastify's request serializer (the same fields as its default) with the address's secrets masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
