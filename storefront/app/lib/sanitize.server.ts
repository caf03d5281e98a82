import sanitizeHtml from "sanitize-html";
import { RICH_TEXT_ALLOWLIST } from "@tours/domain";

/**
 * HTML that comes from outside (the free-tour provider's descriptions): the shared allowlist of @tours/domain
 * (text structure and links only); links open in a new tab without handing over the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_ALLOWLIST,
  // target/rel are always set by transformTags below (it runs before the allowlist's filter).
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

/** Tags that end a line of text: their words must not run into the next block's ("Primero.Segundo"). */
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|section|article|header|footer)\b[^<>]*>/gi;

/**
 * Plain text of an HTML fragment (meta descriptions, comparing with the brief): blocks are separated by a
 * space and entities are decoded ("Tom &amp; Jerry" → "Tom & Jerry"); the caller escapes it where it goes.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html.replace(BLOCK_TAG, " $&"), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Splits sanitised HTML after its first block, so a page can show the opening and fold the rest into an
 * expandable "detailed description".
 */
export function splitFirstBlock(html: string): { intro: string; rest: string } {
  // Blocks nest (a <p> inside a <blockquote> or <li>): split only where the first outermost block closes.
  const tags = /<(\/?)(p|ul|ol|blockquote|h3|h4)\b[^<>]*>/gi;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (!match[1]) {
      depth += 1;
      continue;
    }
    depth = Math.max(0, depth - 1);
    if (depth === 0) {
      const close = match.index + match[0].length;
      return { intro: html.slice(0, close).trim(), rest: html.slice(close).trim() };
    }
  }
  return { intro: html, rest: "" };
}
