import { createContext, useContext } from "react";

/**
 * The site's stylesheets (app.css and booking.css) as text, set by entry.server.tsx for every document: the page
 * carries its CSS in a <style> in the head instead of linking it, so nothing delays the first paint but the HTML
 * itself (a linked stylesheet is a render-blocking request: ~150–600 ms on a phone's connection). The browser
 * bundle never contains the CSS: in the browser the text is read back from the document's own <style>.
 */
export const InlineStylesContext = createContext<string | undefined>(undefined);

const STYLE_ID = "estilos";
let fromDocument: string | undefined;

/**
 * The inlined stylesheets. Hydration keeps the server's text (it is read back, so both sides render the same);
 * kept in a variable so that a document re-rendered from scratch in the browser (React's recovery from a hydration
 * mismatch) still has its styles once the server's <style> is gone.
 */
export function InlineStyles() {
  const fromServer = useContext(InlineStylesContext);
  const css = fromServer ?? (typeof document === "undefined" ? "" : (fromDocument ??= document.getElementById(STYLE_ID)?.textContent ?? ""));
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
