import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { englishOnly, zodEnglish } from "../../scripts/build/zod-english.ts";

// the installed zod's two modules that re-export the locales
const zodDir = join(dirname(createRequire(import.meta.url).resolve("zod")), "v4");
const sources = ["classic/external.js", "core/index.js"].map((f) => readFileSync(join(zodDir, f), "utf8"));

/** What a program bundled with `plugins` prints for zod's messages and its locales. */
async function bundled(plugins: Parameters<typeof build>[0]["plugins"]) {
  const entry = `import { z } from "zod";
    const r = z.object({ name: z.string().min(2), n: z.number().int() }).safeParse({ name: "a", n: 1.5 });
    export const messages = r.error.issues.map((i) => i.message);
    export const locales = Object.keys(z.locales);
    export const core = Object.keys(z.core.locales);
    export const en = typeof z.locales.en;`;
  const out = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    plugins,
    logLevel: "silent",
  });
  const code = out.outputFiles[0]?.text ?? "";
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as {
    messages: string[];
    locales: string[];
    core: string[];
    en: string;
  };
  return { ...mod, bytes: code.length };
}

describe("zod in English only (scripts/build/zod-english.ts)", () => {
  it("narrows the installed zod's locales re-export and changes nothing else", () => {
    for (const src of sources) {
      const out = englishOnly(src);
      expect(out).not.toContain("locales/index.js");
      expect(out.split("\n").filter((l) => !src.includes(l))).toEqual([
        'import __vigilZodEn from "../locales/en.js";',
        "export const locales = Object.freeze({ en: __vigilZodEn });",
      ]);
    }
  });

  it("fails the build on a zod without exactly that re-export (a silent miss would cost memory)", () => {
    expect(() => englishOnly("export const a = 1;")).toThrow(/expected 1 .* found 0/);
  });

  it("no source of vigil names a zod locale (zod speaks English unless configured otherwise)", () => {
    const files = readdirSync("src", { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => /\blocales\b/.test(readFileSync(join("src", f), "utf8")))).toEqual([]);
  });

  it("a bundle with it gives the same messages, with z.locales.en only, in three quarters of the bytes or less", async () => {
    const [published, english] = await Promise.all([bundled([]), bundled([zodEnglish])]);
    expect(english.messages).toEqual(published.messages);
    expect(english.messages.length).toBe(2);
    expect(published.locales.length).toBeGreaterThan(40);
    expect(english.locales).toEqual(["en"]);
    expect(english.core).toEqual(["en"]);
    expect(english.en).toBe("function");
    expect(english.bytes).toBeLessThan(published.bytes * 0.75);
  });
});
