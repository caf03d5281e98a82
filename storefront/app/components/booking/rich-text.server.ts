import { sanitizeTourHtml } from "~/lib/sanitize.server";

/** Sanitised HTML, or null when nothing visible is left (so the section can be omitted). */
function richText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeTourHtml(html);
  const visible = clean.replace(/<[^<>]*>/g, "").replace(/&nbsp;/g, " ").trim();
  return visible ? clean : null;
}

const LOOKS_LIKE_HTML = /<\/?[a-z][^<>]*>/i;

/**
 * Plain text as HTML (numeric entities). Plain passes, not a callback per match: a 64 KB field of "&" is 32,000
 * matches per view, and the passes cost about half as much.
 */
function escapeHtml(text: string): string {
  return text.replaceAll("&", "&#38;").replaceAll("<", "&#60;").replaceAll(">", "&#62;").replaceAll('"', "&#34;").replaceAll("'", "&#39;");
}

/**
 * The tour's text sections: HTML from the rich-text editor is sanitised; plain text (typed in a textarea) keeps
 * its line breaks.
 */
export function sectionHtml(text: string | null | undefined): string | null {
  if (!text?.trim()) return null;
  if (LOOKS_LIKE_HTML.test(text)) return richText(text);
  // plain text: escaped here, so nothing is left for the sanitiser to do
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
