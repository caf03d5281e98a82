import { describe, expect, it } from "vitest";
import { ReactFlushes } from "./react-flushes.server";

const bytes = (text: string) => new TextEncoder().encode(text);

function collect(stream: ReactFlushes): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return chunks;
}

describe("ReactFlushes", () => {
  it("hands on everything written between two flushes as one chunk", () => {
    const stream = new ReactFlushes();
    const chunks = collect(stream);
    stream.write(bytes("<html><head>"));
    stream.write(bytes("</head><body>"));
    expect(chunks).toEqual([]);
    stream.flush();
    stream.write(bytes("<p>más tarde</p>"));
    stream.flush();
    expect(chunks).toEqual(["<html><head></head><body>", "<p>más tarde</p>"]);
  });

  it("sends nothing on a flush with nothing written, and the rest at the end", async () => {
    const stream = new ReactFlushes();
    const chunks = collect(stream);
    stream.flush();
    stream.write(bytes("</body></html>"));
    await new Promise<void>((resolve) => stream.end(resolve));
    expect(chunks).toEqual(["</body></html>"]);
  });

  it("a whole React document leaves as one chunk", async () => {
    const { renderToPipeableStream } = await import("react-dom/server");
    const { createElement } = await import("react");
    const rows = Array.from({ length: 300 }, (_, i) => createElement("li", { key: i }, `Recorrido número ${i} por la ciudad`));
    const stream = new ReactFlushes();
    const chunks = collect(stream);
    await new Promise<void>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement("ul", null, rows), {
        onShellReady: () => pipe(stream),
        onShellError: reject,
      });
      stream.on("finish", resolve);
    });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toContain("Recorrido número 299");
    expect(chunks[0]!.length).toBeGreaterThan(2048 * 4); // React writes 2 kB at a time
  });
});
