import sanitizeHtml from "sanitize-html";

/**
 * The allowlist for staff-written rich text (`descripcion`, `salidas`). Everything else is dropped: scripts,
 * styles, event handlers, iframes, and any URL scheme other than http, https and mailto.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "a", "blockquote", "span",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // links that open a new tab must not hand the opener to the target page
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target) {
        next.target = "_blank";
        next.rel = "noopener noreferrer";
      }
      return { tagName, attribs: next };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
