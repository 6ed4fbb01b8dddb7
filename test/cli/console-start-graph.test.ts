/**
 * What the console loads before its first frame (issue 27: the console under 100 MB): the modules main.ts
 * and console.ts import statically, and those console.ts imports dynamically as it starts — read from
 * esbuild's metafile of the bundle as scripts/build.ts makes it (the packages in, with the build's
 * plugins), the bundle's own view of the import graph. What only an action needs is loaded on that action.
 */
import { build, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { terminalSizeLazyExec } from "../../scripts/build/terminal-size-lazy-exec.ts";
import { zodEnglish } from "../../scripts/build/zod-english.ts";
import { staticClosure } from "../support/static-closure.ts";

/** Dynamic imports of console.ts that are not its start: the screenshot code, at the first `s`. */
const ON_ACTION = ["src/cli/console-image.ts"];

let meta: Metafile;
let start: Set<string>;
let dynamic: string[];

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
    // as scripts/build.ts: the packages loaded at run time stay out (react-devtools-core: stubbed there)
    external: ["react-devtools-core", "playwright-core", "@playwright/test", "@sparticuz/chromium", "ssh2"],
    plugins: [zodEnglish, terminalSizeLazyExec],
    logLevel: "silent",
  });
  meta = metafile;
  dynamic = (meta.inputs["src/cli/console.ts"]?.imports ?? [])
    .filter((i) => i.kind === "dynamic-import" && !i.external)
    .map((i) => i.path);
  start = staticClosure(meta, [
    "src/cli/main.ts",
    "src/cli/console.ts",
    ...dynamic.filter((p) => !ON_ACTION.includes(p)),
  ]);
});

/** The modules of the start graph that import `spec` statically (an ES import: loaded with them). */
const importersOf = (spec: string) =>
  [...start].filter((f) =>
    (meta.inputs[f]?.imports ?? []).some((i) => i.kind === "import-statement" && i.path === spec),
  );

describe("the console's start graph", () => {
  it("is the console (the graph reaches the store, the panes, Ink and its terminal size)", () => {
    expect(start.has("src/store/runtime.ts")).toBe(true);
    expect(start.has("src/tui/panes/registry.ts")).toBe(true);
    const pkgs = [...start].filter((f) => /node_modules\/(ink|terminal-size)\//.test(f));
    expect(pkgs.some((f) => f.includes("/ink/"))).toBe(true);
    expect(pkgs.some((f) => f.includes("/terminal-size/"))).toBe(true);
    // what it leaves to an action is one of console.ts's dynamic imports
    for (const p of ON_ACTION) expect(dynamic).toContain(p);
  });

  it("imports no node:crypto: a lease's name and a draft's id load it when they are made", () => {
    expect(importersOf("node:crypto")).toEqual([]);
  });

  it("imports no node:child_process: a command (tmux, the service, $EDITOR, a link, Ink's tput) loads it", () => {
    expect(importersOf("node:child_process")).toEqual([]);
  });

  it("loads undici's client core, not its index (fetch, WebSocket, caches, mocks: src/api/undici-core.ts)", () => {
    const undici = [...start].filter((f) => f.includes("node_modules/undici/"));
    expect(undici).toContain("node_modules/undici/lib/dispatcher/agent.js");
    expect(undici).not.toContain("node_modules/undici/index.js");
  });

  it("holds no image code (a PNG decoder and node:zlib): the first `s` loads it", () => {
    expect([...start].filter((f) => f.includes("node_modules/pngjs/"))).toEqual([]);
    expect(importersOf("node:zlib")).toEqual([]);
  });

  it("builds no schemas of the endpoints it calls only later (src/api/first-use.ts)", () => {
    const later = [
      "checks",
      "check-results",
      "alert-channels",
      "alert-notifications",
      "check-alerts",
      "heartbeats",
      "status-page-subscriptions",
      "variables",
    ];
    for (const family of later) {
      const file = `src/contract/schemas/${family}.ts`;
      expect(start.has(file), file).toBe(false);
      expect(meta.inputs[file], `${file} is still bundled, for the first call`).toBeDefined();
    }
  });
});
