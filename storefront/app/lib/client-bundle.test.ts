import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { containsZod, firstLoadFiles, zodChunks } from "../../scripts/client-bundle.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** Bundles one entry for the browser, minified, as Vite would: the text of the chunk. */
async function browserChunk(contents: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: path.join(root, "storefront"), loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

describe("the client-bundle check (run by the storefront build)", () => {
  it("finds zod in a minified browser chunk that imports the contract's root", async () => {
    const chunk = await browserChunk(`import { PaisSchema } from "@tours/contract"; console.log(PaisSchema.parse({}));`);
    expect(containsZod(chunk)).toBe(true);
  });

  it("finds no zod in the zod-free helpers the storefront's browser code imports", async () => {
    const chunk = await browserChunk(`import { imageUrl } from "@tours/contract/urls"; console.log(imageUrl("http://a", "b.webp"));`);
    expect(containsZod(chunk)).toBe(false);
  });

  it("lists the chunks of a client build that hold zod, and a route's first-load files", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "client-build-"));
    mkdirSync(path.join(dir, "assets"));
    const manifest = {
      entry: { module: "/assets/entry.js", imports: ["/assets/components.js"] },
      routes: {
        root: { id: "root", module: "/assets/root.js", imports: ["/assets/components.js"] },
        "routes/x": { id: "routes/x", parentId: "root", module: "/assets/x.js", imports: ["/assets/shared.js"] },
      },
    };
    writeFileSync(path.join(dir, "assets/manifest-abc123.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
    writeFileSync(path.join(dir, "assets/x.js"), `class $ZodType{};const e="ZodError";`);
    writeFileSync(path.join(dir, "assets/shared.js"), `export const a=1;`);
    expect(zodChunks(dir)).toEqual(["assets/x.js"]);
    expect(firstLoadFiles("routes/x", dir)).toEqual(["/assets/entry.js", "/assets/components.js", "/assets/root.js", "/assets/x.js", "/assets/shared.js"]);
    expect(firstLoadFiles("routes/x", dir, { withManifestFile: true })).toContain("/assets/manifest-abc123.js");
  });
});
