import sanitizeHtml from "sanitize-html";
import { RICH_TEXT_ALLOWLIST } from "@tours/domain";

/** Staff-written rich text (`descripcion`, `salidas`): the shared allowlist of @tours/domain. */
const OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_ALLOWLIST,
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
