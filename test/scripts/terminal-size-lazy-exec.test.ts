import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { lazyExec } from "../../scripts/build/terminal-size-lazy-exec.ts";

// the installed terminal-size (Ink's fallback for the terminal's size), as the bundle reads it
const require = createRequire(createRequire(import.meta.url).resolve("ink"));
const file = require.resolve("terminal-size");
const source = readFileSync(file, "utf8");

const load = async (src: string) =>
  (
    (await import(`data:text/javascript;base64,${Buffer.from(src).toString("base64")}`)) as {
      default: () => { columns: number; rows: number };
    }
  ).default;

describe("terminal-size with node:child_process loaded on first need (scripts/build/terminal-size-lazy-exec.ts)", () => {
  it("replaces the installed terminal-size's one import of it and changes nothing else", () => {
    const out = lazyExec(source);
    expect(out).not.toMatch(/from ['"]node:child_process['"]/);
    expect(out.split("\n").filter((l) => !source.includes(l))).toEqual([
      "const execFileSync = (...args) => process.getBuiltinModule('node:child_process').execFileSync(...args);",
    ]);
  });

  it("fails the build on a terminal-size without exactly that import (a silent miss would cost memory)", () => {
    expect(() => lazyExec("export default () => ({});")).toThrow(/expected 1 .* found 0/);
  });

  it("gives the size the published module gives, here without a terminal (its fallbacks, tput among them)", async () => {
    const [published, lazy] = await Promise.all([load(source), load(lazyExec(source))]);
    expect(lazy()).toEqual(published());
  });
});
