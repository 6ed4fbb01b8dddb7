import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { yogaWithoutFetch } from "../../scripts/build/yoga-no-fetch.ts";

// the installed yoga-layout's Emscripten loader, as the bundle reads it
const yogaSrc = dirname(createRequire(import.meta.url).resolve("yoga-layout"));
const loader = readFileSync(join(yogaSrc, "..", "binaries", "yoga-wasm-base64-esm.js"), "utf8");

/** Node's own fetch (its bundled undici) loaded so far: `process.moduleLoadList`, untyped. */
const nodeFetchLoads = () =>
  ((process as unknown as { moduleLoadList: string[] }).moduleLoadList ?? []).filter((m) =>
    m.includes("undici/undici"),
  ).length;

describe("yoga-layout without fetch (scripts/build/yoga-no-fetch.ts)", () => {
  it("turns both fetch tests of the installed yoga-layout off and changes nothing else", () => {
    const out = yogaWithoutFetch(loader);
    expect(out).not.toContain('"function"!=typeof fetch');
    expect(out.replaceAll("!0", "")).toBe(
      loader.replaceAll('"function"!=typeof fetch', "").replaceAll("!0", ""),
    );
  });

  it("fails the build on a yoga-layout that no longer has exactly the two (a silent miss would cost memory)", () => {
    expect(() => yogaWithoutFetch("var a=1;")).toThrow(/expected 2 .* found 0/);
    const three = `${loader};"function"!=typeof fetch`;
    expect(() => yogaWithoutFetch(three)).toThrow(/found 3/);
  });

  it("the result still loads yoga and lays out a node, without Node's fetch", async () => {
    const before = nodeFetchLoads();
    const url = `data:text/javascript;base64,${Buffer.from(yogaWithoutFetch(loader)).toString("base64")}`;
    const { default: loadYoga } = (await import(url)) as { default: () => Promise<{ Node: unknown }> };
    const yoga = await loadYoga();
    expect(typeof yoga.Node).toBe("function");
    expect(nodeFetchLoads()).toBe(before);
  });
});
