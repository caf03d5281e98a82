import sanitizeHtml from "sanitize-html";
import { RICH_TEXT_ALLOWLIST } from "@tours/domain";

// The storefront's sanitize-html options: the shared allowlist of @tours/domain (text structure and links only),
// with how this side shows what it keeps. Links open in a new tab without handing over the opener (target/rel are
// always set: transformTags runs before the allowlist's filter).
const NEW_TAB_LINK: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
});

/** HTML that comes from outside (the free-tour provider's descriptions): the page already has its h1/h2 outline. */
const PROVIDER_OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_ALLOWLIST,
  transformTags: { a: NEW_TAB_LINK, h1: "h3", h2: "h3" },
};

/**
 * The tour's rich-text fields from the panel's editor: the API sanitised them when stored (with the same allowlist);
 * they are sanitised again because the HTML is injected into the page. Their headings must not compete with the
 * page's own h1/h2.
 */
const TOUR_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_ALLOWLIST,
  transformTags: { a: NEW_TAB_LINK, h2: "h3" },
};

/** Strips every tag, keeping the text (entities stay encoded). */
const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

export function sanitizeProviderHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, PROVIDER_OPTIONS).trim();
}

export function sanitizeTourHtml(html: string): string {
  return sanitizeHtml(html, TOUR_TEXT_OPTIONS).trim();
}

/** Tags that end a line of text: their words must not run into the next block's ("Primero.Segundo"). */
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|section|article|header|footer)\b[^<>]*>/gi;

/**
 * Plain text of an HTML fragment (meta descriptions, comparing with the brief): blocks are separated by a
 * space and entities are decoded ("Tom &amp; Jerry" → "Tom & Jerry"); the caller escapes it where it goes.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html.replace(BLOCK_TAG, " $&"), TEXT_ONLY)
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
