/**
 * What the console loads before its first frame (issue 27: the console under 100 MB): the modules main.ts
 * and console.ts import statically, and those console.ts imports dynamically as it starts — read from
 * esbuild's metafile, the bundle's own view of the import graph. What only an action needs is loaded on
 * that action, not at start.
 */
import { build, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

/** Files reached from `entries` through static imports only (dynamic ones load later). */
function staticClosure(meta: Metafile, entries: string[]): Set<string> {
  const seen = new Set<string>(entries);
  const queue = [...entries];
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    for (const i of meta.inputs[f]?.imports ?? []) {
      if (i.kind !== "import-statement" || seen.has(i.path)) continue;
      seen.add(i.path);
      if (!i.external) queue.push(i.path);
    }
  }
  return seen;
}

let meta: Metafile;
let start: Set<string>;

beforeAll(async () => {
  const { metafile } = await build({
    entryPoints: ["src/cli/main.ts"],
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out",
    platform: "node",
    format: "esm",
    splitting: true,
    packages: "external",
    logLevel: "silent",
  });
  meta = metafile;
  // the console's start: main.ts, console.ts and what console.ts imports dynamically as it starts
  const dynamic = (meta.inputs["src/cli/console.ts"]?.imports ?? [])
    .filter((i) => i.kind === "dynamic-import" && !i.external)
    .map((i) => i.path);
  start = staticClosure(meta, ["src/cli/main.ts", "src/cli/console.ts", ...dynamic]);
});

/** The modules of the start graph that import `spec` statically. */
const importersOf = (spec: string) =>
  [...start].filter((f) =>
    (meta.inputs[f]?.imports ?? []).some((i) => i.kind === "import-statement" && i.path === spec),
  );

describe("the console's start graph", () => {
  it("is the console (the graph reaches the store, the panes and Ink)", () => {
    expect(start.has("src/store/runtime.ts")).toBe(true);
    expect(start.has("src/tui/panes/registry.ts")).toBe(true);
    expect(start.has("ink")).toBe(true);
  });

  it("imports no node:crypto: a lease's name and a draft's id load it when they are made", () => {
    expect(importersOf("node:crypto")).toEqual([]);
  });
});
