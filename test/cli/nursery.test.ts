/**
 * The console's V8 settings (src/cli/nursery.ts): it keeps V8's young generation at its size — one long
 * task that keeps what it allocates, what doubles the nursery scavenge after scavenge, leaves it as it was
 * — keeps the WebAssembly compiled after the first frame (undici's HTTP parser) on V8's baseline
 * compiler, set at run time as the console does, and sizes V8 for memory only while no one types.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getHeapSpaceStatistics } from "node:v8";
import { afterEach, expect, it, vi } from "vitest";
import { capNursery, createMemorySizing } from "../../src/cli/nursery.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const NODE = join(ROOT, "node_modules/.bin/node");
const NURSERY = JSON.stringify(join(ROOT, "src/cli/nursery.ts"));

/** A script for a child Node, its lines in a file of a temp dir of its own; returns the file. */
function childScript(name: string, lines: readonly string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), `vigil-${name}-`)), `${name}.mjs`);
  writeFileSync(file, lines.join("\n"));
  return file;
}

const nursery = () => getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;

it("a long task that keeps what it allocates does not grow the nursery", () => {
  const start = nursery();
  const uncap = capNursery();
  try {
    const kept: { i: number; s: string }[][] = [];
    // one synchronous task: ~60 MB kept in small objects (without the cap: 1 MB → 128 MB)
    for (let b = 0; b < 600; b++) kept.push(Array.from({ length: 5000 }, (_, i) => ({ i, s: `x${b}:${i}` })));
    expect(kept.length).toBe(600);
    expect(nursery()).toBeLessThanOrEqual(start);
  } finally {
    uncap();
  }
});

/** (module (func (export "spin") (param i32) (result i32) (loop (br_if 0 (local.tee 0 (i32.sub (local.get 0) (i32.const 1))))) (local.get 0))) */
// biome-ignore format: the module's sections, one a line
const SPIN = [
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f, // types: (i32) -> i32
  0x03, 0x02, 0x01, 0x00, // functions: one of type 0
  0x07, 0x08, 0x01, 0x04, 0x73, 0x70, 0x69, 0x6e, 0x00, 0x00, // exports: "spin" = function 0 (byte 27: the "n")
  0x0a, 0x12, 0x01, 0x10, 0x00, 0x03, 0x40, 0x20, 0x00, 0x41, 0x01, 0x6b, 0x22, 0x00, 0x0d, 0x00, 0x0b, 0x20, 0x00, 0x0b, // code
];

/**
 * A child Node (V8's natives syntax needs a flag at start; tier-up made synchronous so the hot function's
 * tier is settled when the loop ends) compiles a first module — as Ink's yoga is compiled before the
 * console's first frame — then, with or without baselineWasm(), a second one whose loop is hot enough to
 * tier up, and says which compiler the hot function's code came from.
 */
function tierOfHotFunction(baseline: boolean): Promise<string> {
  const file = childScript("wasm-tier", [
    `import { baselineWasm } from ${NURSERY};`,
    `const bytes = new Uint8Array(${JSON.stringify(SPIN)});`,
    "const first = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.spin;",
    "first(10);",
    baseline ? "baselineWasm();" : "",
    // another module (an export named "spim"): V8 shares the compiled module of identical bytes
    "const other = bytes.slice(); other[27] = 0x6d;",
    "const hot = new WebAssembly.Instance(new WebAssembly.Module(other)).exports.spim;",
    "for (let i = 0; i < 20; i++) hot(1_000_000);",
    'process.stdout.write(%IsTurboFanFunction(hot) ? "turbofan" : %IsLiftoffFunction(hot) ? "liftoff" : "other");',
  ]);
  return new Promise((done, fail) => {
    execFile(
      NODE,
      ["--allow-natives-syntax", "--wasm-sync-tier-up", file],
      { timeout: 30_000 },
      (err, out, errOut) => (err ? fail(new Error(`${err.message}\n${errOut}`)) : done(out)),
    );
  });
}

it("WebAssembly compiled after baselineWasm() stays on the baseline compiler; without it, it tiers up", async () => {
  expect(await tierOfHotFunction(false)).toBe("turbofan");
  expect(await tierOfHotFunction(true)).toBe("liftoff");
});

afterEach(() => {
  vi.useRealTimers();
});

it("sizes V8 for memory once the checks are held, not while keys come, again after the quiet", () => {
  vi.useFakeTimers();
  const set: string[] = [];
  const sizing = createMemorySizing((f) => set.push(f), 3000);
  // the first read: a key typed meanwhile changes nothing, and its quiet does not size a heap still growing
  sizing.input();
  vi.advanceTimersByTime(5000);
  expect(set).toEqual([]);
  sizing.held();
  expect(set).toEqual(["--optimize-for-size"]);
  // a held key: unsized at its first key, once
  for (let i = 0; i < 30; i++) {
    sizing.input();
    vi.advanceTimersByTime(33);
  }
  expect(set).toEqual(["--optimize-for-size", "--no-optimize-for-size"]);
  // quiet counts from the last key
  vi.advanceTimersByTime(3000 - 33 - 1);
  expect(set).toHaveLength(2);
  vi.advanceTimersByTime(1);
  expect(set).toEqual(["--optimize-for-size", "--no-optimize-for-size", "--optimize-for-size"]);
  // the next burst, after the quiet's timer fired once: the same again
  sizing.input();
  vi.advanceTimersByTime(3000);
  expect(set.slice(3)).toEqual(["--no-optimize-for-size", "--optimize-for-size"]);
  // the checks held while someone types: sized only once they stop
  const later: string[] = [];
  const typing = createMemorySizing((f) => later.push(f), 3000);
  typing.input();
  typing.held();
  expect(later).toEqual([]);
  vi.advanceTimersByTime(3000);
  expect(later).toEqual(["--optimize-for-size"]);
  // the console stops: V8's default, and no quiet to come sizes it again
  typing.input();
  typing.stop();
  vi.advanceTimersByTime(10_000);
  expect(later).toEqual(["--optimize-for-size", "--no-optimize-for-size"]);
  sizing.stop();
  expect(set.at(-1)).toBe("--no-optimize-for-size");
});

/**
 * A child Node (V8's memory reducer traced, its first round 50 ms after a full collection instead of
 * ~8 s) keeps ~20 MB, holds its checks (sized for memory) and, typing, gets a key; a full collection
 * arms the reducer, and its first round says whether it would run now whatever the program allocates
 * ("background": sized for memory) or waits for the allocation to fall ("foreground").
 */
function reducerMode(typing: boolean): Promise<string> {
  const file = childScript("reducer", [
    `import { createMemorySizing } from ${NURSERY};`,
    "const kept = Array.from({ length: 200_000 }, (_, i) => ({ i, s: 'check-' + i }));",
    "const sizing = createMemorySizing();",
    "sizing.held();",
    typing ? "sizing.input();" : "",
    "globalThis.gc();",
    "setInterval(() => kept.length, 1000);",
  ]);
  const child = spawn(
    NODE,
    ["--expose-gc", "--trace-memory-reducer", "--gc-memory-reducer-start-delay-ms=50", file],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((done, fail) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill();
      fail(new Error(`no memory reducer round in 30 s\n${out}\n${err}`));
    }, 30_000);
    child.stderr.on("data", (d) => {
      err += d;
    });
    // the condition: the reducer's first round, then the child is not needed
    child.stdout.on("data", (d) => {
      out += d;
      const mode = /Memory reducer: \w+ alloc, (\w+)/.exec(out)?.[1];
      if (mode === undefined) return;
      clearTimeout(timer);
      child.kill();
      done(mode);
    });
  });
}

it("V8's memory reducer runs at once while the console is quiet, and waits for allocation while it is typed at", async () => {
  expect(await reducerMode(false)).toBe("background");
  expect(await reducerMode(true)).toBe("foreground");
});
