/**
 * Paint first, then hydrate. Remix's <Scripts> asks for every module at once (`modulepreload`) and runs them as
 * soon as they arrive (an `async` module script). From a nearby server or a warm cache they arrive before the
 * browser's first paint, and the page then waits for React to evaluate and hydrate before anything shows. So the
 * server hands the page out with the module script inert, and a small script at the end of the body switches it
 * back on once the browser has painted. The preloads are left as they are: the scripts download while the page
 * paints, and on a slow phone, whose first paint comes late, they are there when it has painted (holding them too
 * cost ~0.8 s of the tour page's first tap in the lab: docs/benchmarks.md). Every page works without JavaScript,
 * so nothing a visitor can do waits on it. React hydrates the same markup: React leaves a body's extra last nodes
 * (the added scripts) alone.
 */

/**
 * PAINT_FIRST, "on" (default) or "off": off hands the page out as Remix writes it, its scripts running as soon as
 * they arrive (to compare both on a slow phone: docs/benchmarks.md). A bad value stops the server at start.
 */
export function parsePaintFirst(value: string | undefined): boolean {
  const setting = (value ?? "").trim() || "on";
  if (setting !== "on" && setting !== "off") throw new Error(`Invalid settings: PAINT_FIRST\n  must be "on" or "off", got "${value}"`);
  return setting === "on";
}

export const PAINT_FIRST = parsePaintFirst(process.env.PAINT_FIRST);

const INERT_MODULE = "x-module";

/**
 * Once the browser reports its first paint (a `paint` performance entry, delivered in a task after the frame; not
 * a timer, which tests with a fake clock would stop), or at once in a tab that is not shown or a browser without
 * paint timing: a copy of the module script (its text and the nonce the parser gave it) is added at the end of the
 * body and runs; a new element, because browsers differ on re-running one in place.
 */
const SWITCH_ON = `(function(){var d=document,done=false;function go(){if(done)return;done=true;d.querySelectorAll('script[type="${INERT_MODULE}"]').forEach(function(s){var m=d.createElement("script");m.type="module";m.async=true;m.nonce=s.nonce;m.text=s.text;d.body.appendChild(m)})}try{if(d.visibilityState==="hidden"||PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)return go();new PerformanceObserver(go).observe({type:"paint",buffered:true})}catch(e){go()}})();`;

const BODY_END = Buffer.from("</body>");
const MODULE_TYPE = Buffer.from(' type="module"');
const SCRIPT_OPEN = Buffer.from("<script");

/** One piece of the document as React flushed it, with Remix's module script inert and the switch before </body>. */
export function paintFirst(piece: Uint8Array, nonce: string | undefined): Uint8Array {
  const html = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
  const moduleAt = html.indexOf(MODULE_TYPE);
  const bodyEndAt = html.indexOf(BODY_END);
  if (moduleAt < 0 && bodyEndAt < 0) return piece;
  // Everything to change sits at or after the first of these tags; the bytes before them (the page and Remix's
  // context, megabytes for a long tour) are copied as they are instead of decoded and encoded again.
  const from = Math.min(...[bodyEndAt, moduleAt < 0 ? -1 : html.lastIndexOf(SCRIPT_OPEN, moduleAt)].filter((i) => i >= 0));
  const script = `<script${nonce ? ` nonce="${nonce}"` : ""}>${SWITCH_ON}</script></body>`;
  const text = html
    .subarray(from)
    .toString("utf8")
    .replace(/(<script\b[^>]*? type=)"module"/, `$1"${INERT_MODULE}"`)
    .replace("</body>", script);
  return Buffer.concat([html.subarray(0, from), Buffer.from(text, "utf8")]);
}
