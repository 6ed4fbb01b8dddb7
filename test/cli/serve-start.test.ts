/**
 * What a `vigil serve` started by a console loads before it listens (issue 24: the console's cold start
 * must not get slower with its service in a process of its own): the modules main.ts, run-verb.ts and
 * serve.ts import statically — read from esbuild's metafile, the bundle's own view of the import graph —
 * hold no text-width tables (string-width builds its Unicode tables on load, ~20 ms before the first
 * request could be answered) and no console (Ink, React).
 */
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { staticClosure } from "../support/static-closure.ts";

describe("vigil serve's start", () => {
  it("loads no text widths and no console before it listens", async () => {
    const entries = ["src/cli/main.ts", "src/cli/run-verb.ts", "src/cli/serve.ts"];
    const { metafile } = await build({
      entryPoints: entries,
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
    const loaded = staticClosure(metafile, entries);
    expect(loaded.has("src/service/main.ts"), "the closure reaches the service").toBe(true);
    const heavy = [...loaded].filter((p) =>
      /^(string-width|get-east-asian-width|ink|react)$|src\/shared\/format\.ts$|src\/tui\//.test(p),
    );
    expect(heavy).toEqual([]);
  });
});
