// The storefront's request log (morgan's "tiny" line) without secrets (issue 28): the e-mails' links carry a
// booking's PIN (/mi-reserva?ref=…&pin=…) and PayPal's return carries its token (/pay/ok?token=…&PayerID=…).
// The query string of those pages is dropped whole; elsewhere any parameter whose name says it is a secret is
// masked (the rule: @tours/domain/log-redaction, the API's too). Plain JavaScript: server.mjs runs it without a build.
import morgan from "morgan";
import { redactUrl as redactSecrets } from "@tours/domain/log-redaction";

const SECRET_QUERY_PATHS = [/^\/mi-reserva(\/|$)/, /^\/pay\/(ok|not)(\/|$)/, /^\/login(\/|$)/, /^\/panel(\/|$)/];

/** @param {string} url @returns {string} */
export function redactUrl(url) {
  return redactSecrets(url, SECRET_QUERY_PATHS);
}

morgan.token("url-sin-secretos", (req) => redactUrl(req.originalUrl ?? req.url ?? ""));

/** morgan's "tiny" format with the address redacted; `stream` for tests (stdout otherwise). */
export function requestLogger(stream) {
  return morgan(":method :url-sin-secretos :status :res[content-length] - :response-time ms", stream ? { stream } : {});
}
