/**
 * The browser runtime archive a single executable carries (written by scripts/package.ts, unpacked by
 * src/service/runners/browser/runtime.ts): files, modes and brotli-compressed entries come back as they
 * went in; a damaged archive or a path leaving the directory is refused.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { browserRuntime, unpack } from "../../../src/service/runners/browser/runtime.ts";

type In = { path: string; bytes: Buffer; mode: number; br: boolean };

function archive(entries: In[]): Buffer {
  const stored = entries.map((e) => (e.br ? brotliCompressSync(e.bytes) : e.bytes));
  const head = Buffer.from(
    JSON.stringify(
      entries.map((e, i) => ({ path: e.path, mode: e.mode, size: stored[i]?.length, br: e.br })),
    ),
  );
  const len = Buffer.alloc(4);
  len.writeUInt32BE(head.length);
  return Buffer.concat([Buffer.from("VIGILRT1"), len, head, ...stored]);
}

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "vigil-runtime-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the browser runtime archive", () => {
  it("unpacks files with their modes, compressed or not", async () => {
    const dir = join(tempDir(), "out");
    const js = Buffer.from("module.exports = 42;\n".repeat(100));
    await unpack(
      archive([
        { path: "node_modules/a/index.js", bytes: js, mode: 0o644, br: true },
        { path: "node_modules/a/bin/run", bytes: Buffer.from("#!/bin/sh\n"), mode: 0o755, br: false },
      ]),
      dir,
    );
    expect(readFileSync(join(dir, "node_modules/a/index.js"))).toEqual(js);
    expect(readFileSync(join(dir, "node_modules/a/bin/run"), "utf8")).toBe("#!/bin/sh\n");
    expect(statSync(join(dir, "node_modules/a/bin/run")).mode & 0o777).toBe(0o755);
  });

  it("refuses a path outside its directory and a damaged archive", async () => {
    const bad = archive([{ path: "../escape.js", bytes: Buffer.from("x"), mode: 0o644, br: false }]);
    await expect(unpack(bad, join(tempDir(), "out"))).rejects.toThrow(/bad path in the browser runtime/);
    await expect(unpack(Buffer.from("not an archive"), join(tempDir(), "out"))).rejects.toThrow(/damaged/);
  });

  it("outside a single executable, is this package's node_modules", async () => {
    const rt = await browserRuntime();
    expect(rt.source).toBe("node_modules");
    expect(rt.resolve("playwright-core")).toMatch(/node_modules\/playwright-core\//);
  });
});
