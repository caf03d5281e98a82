import sanitizeHtml from "sanitize-html";

/**
 * The tour's rich-text fields (descripcion, salidas, …) come from the panel's editor. The API sanitises them when
 * stored; they are sanitised again here because the HTML is injected into the page (defence in depth, and older
 * records may predate the API's policy).
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a", "span",
    "hr", "code", "pre",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: {
    // Headings inside a section must not compete with the page's own h1/h2.
    h2: "h3",
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
  },
};

/** Sanitised HTML, or null when nothing visible is left (so the section can be omitted). */
export function richText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, POLICY).trim();
  const visible = clean.replace(/<[^<>]*>/g, "").replace(/&nbsp;/g, " ").trim();
  return visible ? clean : null;
}

const LOOKS_LIKE_HTML = /<\/?[a-z][^<>]*>/i;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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

/** Plain text of some HTML, for meta descriptions. */
export function plainText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();
}
