// The storefront's request log (morgan's "tiny" line) without secrets (issue 28): the e-mails' links carry a
// booking's PIN (/mi-reserva?ref=…&pin=…) and PayPal's return carries its token (/pay/ok?token=…&PayerID=…).
// The query string of those pages is dropped whole; elsewhere any parameter whose name says it is a secret is
// masked. Plain JavaScript: server.mjs runs it without a build. The API has the same rule (packages/api/src/http/redact.ts).
import morgan from "morgan";

const SECRET_QUERY_PATHS = [/^\/mi-reserva(\/|$)/, /^\/pay\/(ok|not)(\/|$)/, /^\/login(\/|$)/, /^\/panel(\/|$)/];
const SECRET_PARAMS = /^(pin|token|access_token|key|api_?key|apikey|password|contrasena|clave|secret|jwt|payerid|ref|referencia)$/i;
const REDACTED = "[oculto]";

/** @param {string} url @returns {string} */
export function redactUrl(url) {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (SECRET_QUERY_PATHS.some((re) => re.test(path))) return `${path}?${REDACTED}`;
  try {
    const pairs = url
      .slice(q + 1)
      .split("&")
      .map((pair) => {
        const raw = pair.split("=")[0] ?? "";
        return SECRET_PARAMS.test(decodeURIComponent(raw.replace(/\+/g, " ")).trim()) ? `${raw}=${REDACTED}` : pair;
      });
    return `${path}?${pairs.join("&")}`;
  } catch {
    return `${path}?${REDACTED}`;
  }
}

morgan.token("url-sin-secretos", (req) => redactUrl(req.originalUrl ?? req.url ?? ""));

/** morgan's "tiny" format with the address redacted; `stream` for tests (stdout otherwise). */
export function requestLogger(stream) {
  return morgan(":method :url-sin-secretos :status :res[content-length] - :response-time ms", stream ? { stream } : {});
}
