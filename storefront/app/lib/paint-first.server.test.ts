import { describe, expect, it } from "vitest";
import { paintFirst, parsePaintFirst } from "./paint-first.server";

const remixTail =
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<script nonce="abc">window.__remixContext = {};</script>' +
  '<script nonce="abc" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>' +
  "</body></html>";

const edit = (html: string, nonce?: string) => Buffer.from(paintFirst(Buffer.from(html), nonce)).toString("utf8");

describe("paintFirst", () => {
  it("sends Remix's module script inert, its preloads as they are, and the switch before </body> with the request's nonce", () => {
    const html = edit(`<html><body><main>Hola</main>${remixTail}`, "abc");
    // the scripts download while the page paints; only running them waits
    expect(html.match(/<link rel="modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="abc" type="x-module" async="">import "/assets/manifest-1.js";');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    // the classic context script is left as it is
    expect(html).toContain('<script nonce="abc">window.__remixContext = {};</script>');
    const tail = html.slice(html.lastIndexOf('<script nonce="abc">(function(){'));
    expect(tail).toContain("PerformanceObserver");
    expect(tail).not.toContain("modulepreload");
    expect(tail.endsWith("})();</script></body></html>")).toBe(true);
  });

  it("adds no nonce when the request has none", () => {
    expect(edit(`<html><body>${remixTail}`)).toMatch(/<script>\(function/);
  });

  it("leaves a piece without module tags or the body's end untouched (the same buffer)", () => {
    const piece = Buffer.from("<html><head><title>Tours</title></head><body><p>texto con ñ</p>");
    expect(paintFirst(piece, "abc")).toBe(piece);
  });

  it("keeps the text's characters intact", () => {
    expect(edit("<p>Ciudad de México · 10:00 hora de Bogotá</p></body>")).toContain("<p>Ciudad de México · 10:00 hora de Bogotá</p>");
  });
});

describe("PAINT_FIRST", () => {
  it("is on unless set off; another value stops the server", () => {
    expect(parsePaintFirst(undefined)).toBe(true);
    expect(parsePaintFirst(" ")).toBe(true);
    expect(parsePaintFirst("on")).toBe(true);
    expect(parsePaintFirst("off")).toBe(false);
    expect(() => parsePaintFirst("no")).toThrow(/PAINT_FIRST/);
  });
});
