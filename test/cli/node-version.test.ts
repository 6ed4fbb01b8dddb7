/**
 * dist/vigil.js on a Node older than 24 (issue 28): one line naming Node 24 and `npx vigil`, exit 2 —
 * before anything imports node:sqlite ("No such built-in module"). The guard's text is the one
 * scripts/build.ts writes first into dist/vigil.js; it runs here on the system's older Node when there is one.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { NODE_GUARD } from "../../src/cli/node-guard.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const NODE24 = join(ROOT, "node_modules/.bin/node");
const OLD_NODE = "/usr/bin/node";

function run(node: string, file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(node, [file], { timeout: 15_000 }, (err, stdout, stderr) => {
      const code = err ? Number((err as { code?: unknown }).code) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** An entry like dist/vigil.js: the guard, then what would import node:sqlite. */
function entry(): string {
  const dir = mkdtempSync(join(tmpdir(), "vigil-guard-"));
  const file = join(dir, "vigil.mjs");
  writeFileSync(file, `${NODE_GUARD}\nawait import("node:sqlite");\nprocess.stdout.write("started\\n");\n`);
  return file;
}

async function majorOf(node: string): Promise<number | undefined> {
  if (!existsSync(node)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "vigil-ver-"));
  const f = join(dir, "v.mjs");
  writeFileSync(f, "process.stdout.write(process.versions.node)");
  const r = await run(node, f);
  return r.code === 0 ? Number(r.stdout.split(".")[0]) : undefined;
}

const old = await majorOf(OLD_NODE);

describe("the Node version guard of dist/vigil.js", () => {
  it("is the first statement scripts/build.ts writes into dist/vigil.js (after the launcher's sh lines)", () => {
    const build = readFileSync(join(ROOT, "scripts/build.ts"), "utf8");
    // the launcher's lines are string statements to JavaScript (test/cli/launcher.test.ts)
    expect(build).toMatch(/\[\s*\/\/[^\n]*\n\s*LAUNCHER,\s*\/\/[^\n]*\n\s*NODE_GUARD,/);
  });

  it.skipIf(old === undefined || old >= 24)(
    "an older Node gets one line naming Node 24 and npx vigil, exit 2, and never reaches node:sqlite",
    async () => {
      const r = await run(OLD_NODE, entry());
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(
        /^vigil: needs Node\.js 24 or newer, this is Node \d+\.\d+\.\d+ \(install Node 24, or run npx vigil: it uses the Node 24 the package installs\)\n$/,
      );
    },
  );

  it("Node 24 goes on", async () => {
    const r = await run(NODE24, entry());
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("started\n");
  });
});
