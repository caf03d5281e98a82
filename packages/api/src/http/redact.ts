import type { FastifyRequest } from "fastify";
import { redactUrl as redactSecrets } from "@tours/domain/log-redaction";

/**
 * No PIN, token or key in any log line (issue 28; the rule: @tours/domain/log-redaction). The query string of calls
 * that carry a booking's PIN, a staff session or a reseller's key is dropped whole; elsewhere any parameter whose
 * name says it is a secret is masked. Authorization and Cookie headers are redacted by the logger's own `redact`
 * paths (app.ts).
 */
const SECRET_QUERY_PATHS = [/^\/api\/reserva(\/|$)/, /^\/api\/auth(\/|$)/, /^\/octo(\/|$)/, /^\/api\/checkin(\/|$)/, /^(\/api)?\/compra\/(confirma|cancel)(\/|$)/];

export function redactUrl(url: string): string {
  return redactSecrets(url, SECRET_QUERY_PATHS);
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
