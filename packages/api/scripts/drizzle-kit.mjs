// Runs drizzle-kit with this workspace's drizzle-orm. npm hoists drizzle-kit to the root node_modules but keeps
// drizzle-orm here, and drizzle-kit's own `import("drizzle-orm")` then fails ("Please install latest version of
// drizzle-orm"). A temp dir with both linked side by side, run with --preserve-symlinks, lets it resolve.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The package's folder as Node would find it from this workspace (not every package exports package.json). */
function packageDir(name) {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
}
const kitDir = packageDir("drizzle-kit");
const ormDir = packageDir("drizzle-orm");

const tmp = mkdtempSync(path.join(tmpdir(), "drizzle-kit-"));
try {
  mkdirSync(path.join(tmp, "node_modules"));
  symlinkSync(kitDir, path.join(tmp, "node_modules", "drizzle-kit"));
  symlinkSync(ormDir, path.join(tmp, "node_modules", "drizzle-orm"));
  const result = spawnSync(
    process.execPath,
    ["--preserve-symlinks", "--preserve-symlinks-main", path.join(tmp, "node_modules/drizzle-kit/bin.cjs"), ...process.argv.slice(2)],
    { cwd: here, stdio: "inherit" },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
