// No PIN, token or key in any log line (issue 28): the one rule, for the API's log (packages/api/src/http/redact.ts)
// and the storefront server's request log (storefront/request-log.mjs). Plain JavaScript, so the storefront's
// server.mjs runs it without a build; its types are in log-redaction.d.mts.

/** Query parameters whose name says they are a secret. */
const SECRET_PARAMS = /^(pin|token|access_token|key|api_?key|apikey|password|contrasena|clave|secret|jwt|payerid|ref|referencia)$/i;

/** What a log line shows instead of a secret. */
export const REDACTED = "[oculto]";

/**
 * A URL as a log line may show it: the query string of a path that `secretPaths` names (calls that carry a PIN, a
 * session or a key) is dropped whole; elsewhere any parameter whose name says it is a secret is masked, and a query
 * string that cannot be read is dropped.
 * @param {string} url
 * @param {readonly RegExp[]} secretPaths
 * @returns {string}
 */
export function redactUrl(url, secretPaths) {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (secretPaths.some((re) => re.test(path))) return `${path}?${REDACTED}`;
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
