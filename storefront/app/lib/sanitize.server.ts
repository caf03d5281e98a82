import sanitizeHtml from "sanitize-html";

/**
 * The allowlist for HTML that comes from outside (the free-tour provider's descriptions): text structure and
 * links only. Scripts, styles, event handlers, iframes, images and any URL scheme other than http(s)/mailto
 * are dropped; links open in a new tab without handing over the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "a", "blockquote", "span"],
  // target/rel are always set by transformTags below (it runs before this filter).
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
    // The page already has its h1/h2 outline: provider headings start at h3.
    h1: "h3",
    h2: "h3",
  },
};

export function sanitizeProviderHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of an HTML fragment (meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}

/**
 * Splits sanitised HTML after its first block, so a page can show the opening and fold the rest into an
 * expandable "detailed description".
 */
export function splitFirstBlock(html: string): { intro: string; rest: string } {
  const end = html.search(/<\/(p|ul|ol|blockquote|h3|h4)>/i);
  if (end < 0) return { intro: html, rest: "" };
  const close = html.indexOf(">", end) + 1;
  return { intro: html.slice(0, close).trim(), rest: html.slice(close).trim() };
}
