import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toCheckDef } from "../../../src/service/engine/checks.ts";
import {
  browserRunner,
  findChromium,
  LAUNCH_ARGS,
  NO_CHROMIUM,
  targetUrl,
} from "../../../src/service/runners/browser.ts";

describe("browser runner", () => {
  it("finds Chromium through CHROMIUM_PATH first", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-chromium-"));
    const fake = join(dir, "chromium");
    writeFileSync(fake, "");
    try {
      expect(findChromium({ CHROMIUM_PATH: fake })).toBe(fake);
      const fallback = findChromium({ CHROMIUM_PATH: join(dir, "missing") });
      expect(fallback === null || fallback.startsWith("/usr/bin/")).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("launches headless without sandbox, GPU or background traffic", () => {
    for (const flag of [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ]) {
      expect(LAUNCH_ARGS).toContain(flag);
    }
  });

  it("takes the page URL from request.url or the script's first page.goto", () => {
    expect(targetUrl({ request: { url: "http://a.test/x" } })).toBe("http://a.test/x");
    expect(
      targetUrl({
        script: "const x = 1;\nawait page.goto( 'http://b.test/login' );\nawait page.goto('http://c.test')",
      }),
    ).toBe("http://b.test/login");
    expect(targetUrl({ script: "expect(1).toBe(1)" })).toBeNull();
  });

  it("never passes without a browser", async () => {
    if (findChromium() !== null) return; // a browser is installed here; the engine test covers the real path
    const check = toCheckDef({
      id: "b1",
      name: "b",
      check_type: "MULTI_STEP",
      activated: 1,
      muted: 0,
      frequency: 10,
      tags: "[]",
      locations: "[]",
      doc: JSON.stringify({ script: "await page.goto('http://127.0.0.1:1')" }),
    });
    const out = await browserRunner.run({
      check,
      location: "local",
      signal: new AbortController().signal,
      timeoutMs: 1000,
    });
    expect(out).toMatchObject({ hasErrors: true, hasFailures: true, errorMessage: NO_CHROMIUM });
  });
});
