import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeProviderHtml, sanitizeTourHtml, splitFirstBlock } from "~/lib/sanitize.server";

const NEW_TAB = 'target="_blank" rel="noopener noreferrer nofollow"';

describe("sanitizeProviderHtml", () => {
  it("empty input: empty output", () => {
    expect(sanitizeProviderHtml(null)).toBe("");
    expect(sanitizeProviderHtml(undefined)).toBe("");
    expect(sanitizeProviderHtml("")).toBe("");
  });

  it("drops scripts with their code, styles and event handlers", () => {
    const out = sanitizeProviderHtml(
      `<p onclick="steal()" style="color:red">Hola <script>alert(1)</script><strong onmouseover="x()">mundo</strong></p><style>p{display:none}</style>`,
    );
    expect(out).toBe("<p>Hola <strong>mundo</strong></p>");
  });

  it("drops images, iframes, svg and forms, whatever their attributes", () => {
    const out = sanitizeProviderHtml(
      `<img src=x onerror="alert(1)"><iframe src="https://evil.test"></iframe><svg onload="alert(1)"><circle/></svg><form action="https://evil.test"><input name="p"></form><p>Texto</p>`,
    );
    expect(out).toBe("<p>Texto</p>");
    expect(out).not.toMatch(/on\w+=|<img|<iframe|<svg|<form|<input/i);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "&#106;avascript:alert(1)",
    "java\tscript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.test/path",
  ])("a link to %s loses its href", (href) => {
    const out = sanitizeProviderHtml(`<a href="${href}">clic</a>`);
    expect(out).toBe(`<a ${NEW_TAB}>clic</a>`);
  });

  it("keeps http(s) and mailto links, opening in a new tab without the opener", () => {
    expect(sanitizeProviderHtml(`<a href="https://ejemplo.test/a?b=1&amp;c=2" title="Más" onclick="x()">web</a>`)).toBe(
      `<a href="https://ejemplo.test/a?b=1&amp;c=2" title="Más" ${NEW_TAB}>web</a>`,
    );
    expect(sanitizeProviderHtml(`<a href="mailto:guia@ejemplo.test" target="_self" rel="opener">escríbenos</a>`)).toBe(
      `<a href="mailto:guia@ejemplo.test" ${NEW_TAB}>escríbenos</a>`,
    );
  });

  it("keeps the allowed formatting, without classes or ids", () => {
    const html =
      `<p class="x" id="y">Uno<br>dos <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s> <span>span</span></p>` +
      `<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>cita</blockquote><h3>h3</h3><h4>h4</h4>`;
    expect(sanitizeProviderHtml(html)).toBe(
      `<p>Uno<br />dos <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s> <span>span</span></p>` +
        `<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>cita</blockquote><h3>h3</h3><h4>h4</h4>`,
    );
  });

  it("provider headings start at h3; unknown tags keep their text", () => {
    expect(sanitizeProviderHtml(`<h1>Título</h1><h2>Sub</h2><div><font>Texto</font></div>`)).toBe(
      "<h3>Título</h3><h3>Sub</h3>Texto",
    );
  });

  it("text stays escaped", () => {
    expect(sanitizeProviderHtml(`<p>Tom &amp; Jerry &lt;script&gt;</p>`)).toBe("<p>Tom &amp; Jerry &lt;script&gt;</p>");
  });
});

describe("sanitizeTourHtml (the tour's texts from the panel)", () => {
  it("keeps the allowlist's formatting; its h2 become h3 under the page's own headings", () => {
    expect(sanitizeTourHtml(`<h2 class="x">Itinerario</h2><p>Uno <strong>dos</strong></p><ul><li>tres</li></ul>`)).toBe(
      "<h3>Itinerario</h3><p>Uno <strong>dos</strong></p><ul><li>tres</li></ul>",
    );
  });

  it("drops scripts and handlers; links open in a new tab, and only http(s) and mailto keep their href", () => {
    expect(sanitizeTourHtml(`<p onclick="x()">Hola<script>alert(1)</script></p>`)).toBe("<p>Hola</p>");
    expect(sanitizeTourHtml(`<a href="https://ejemplo.test">web</a>`)).toBe(`<a href="https://ejemplo.test" ${NEW_TAB}>web</a>`);
    expect(sanitizeTourHtml(`<a href="javascript:alert(1)">clic</a>`)).toBe(`<a ${NEW_TAB}>clic</a>`);
  });
});

describe("htmlToText", () => {
  it("plain text without tags or scripts", () => {
    expect(htmlToText(null)).toBe("");
    expect(htmlToText(`<script>alert(1)</script><p>Hola <strong>mundo</strong></p>`)).toBe("Hola mundo");
  });

  it("blocks and line breaks separate words", () => {
    expect(htmlToText(`<p>Primero.</p><p>Segundo.</p><ul><li>uno</li><li>dos</li></ul>Fin<br>de<br/>línea`)).toBe(
      "Primero. Segundo. uno dos Fin de línea",
    );
    expect(htmlToText(`<h2>Ruta</h2><div>Centro</div>`)).toBe("Ruta Centro");
  });

  it("inline tags do not split words", () => {
    expect(htmlToText(`pala<b>bra</b> <em>única</em>`)).toBe("palabra única");
  });

  it("entities are decoded once: it is text, escaped where it is used", () => {
    expect(htmlToText(`<p>Tom &amp; Jerry &lt;3 &quot;citas&quot; &nbsp; fin</p>`)).toBe('Tom & Jerry <3 "citas" fin');
    expect(htmlToText(`&amp;lt;b&amp;gt;`)).toBe("&lt;b&gt;");
  });
});

describe("splitFirstBlock", () => {
  it("splits after the first block", () => {
    expect(splitFirstBlock("<p>Intro</p><p>Más</p><ul><li>x</li></ul>")).toEqual({
      intro: "<p>Intro</p>",
      rest: "<p>Más</p><ul><li>x</li></ul>",
    });
    expect(splitFirstBlock("<h3>Ruta</h3> <p>Detalle</p>")).toEqual({ intro: "<h3>Ruta</h3>", rest: "<p>Detalle</p>" });
  });

  it("no block: everything is the intro", () => {
    expect(splitFirstBlock("Solo texto <b>aquí</b>")).toEqual({ intro: "Solo texto <b>aquí</b>", rest: "" });
    expect(splitFirstBlock("")).toEqual({ intro: "", rest: "" });
  });

  it("a single block: no rest", () => {
    expect(splitFirstBlock("<p>Único</p>")).toEqual({ intro: "<p>Único</p>", rest: "" });
  });

  it("never splits inside a block: nested paragraphs stay with their quote or list", () => {
    expect(splitFirstBlock("<blockquote><p>a</p><p>b</p></blockquote><p>c</p>")).toEqual({
      intro: "<blockquote><p>a</p><p>b</p></blockquote>",
      rest: "<p>c</p>",
    });
    expect(splitFirstBlock("<ul><li><p>a</p></li><li>b</li></ul><p>c</p>")).toEqual({
      intro: "<ul><li><p>a</p></li><li>b</li></ul>",
      rest: "<p>c</p>",
    });
  });

  it("tag-like text inside a link title does not count", () => {
    const html = sanitizeProviderHtml(`<p><a href="https://x.test" title="</p><p>">x</a> uno</p><p>dos</p>`);
    const { intro, rest } = splitFirstBlock(html);
    expect(rest).toBe("<p>dos</p>");
    expect(intro).toContain("uno</p>");
  });
});
