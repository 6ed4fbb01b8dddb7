/**
 * End-to-end: a failed browser run's screenshot from the console (`s` on an open result) in a real terminal
 * (tmux, the bundled console, a real `vigil serve`). The result comes in as a private location's agent
 * posts it (the path a browser run at a private location takes), with a real PNG as its screenshot. With
 * VIGIL_IMAGES=kitty the console hands the terminal over, writes the kitty graphics escapes of exactly
 * those bytes (read back from the raw capture) under the title and waits for Enter; Enter brings the
 * console back, whole, on the same result. Without an image protocol it saves the PNG (0600) and names it.
 */
import { readFileSync, statSync } from "node:fs";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kittyImage } from "../../src/cli/inline-image.ts";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

let served: Served;
let t: TmuxTerminal | undefined;
let shot: Buffer;

/** A 24×16 PNG with a red and a blue half. */
function twoColours(): Buffer {
  const p = new PNG({ width: 24, height: 16 });
  for (let i = 0; i < 24 * 16; i++) p.data.set(i % 24 < 12 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
  return PNG.sync.write(p);
}

/** One failed run of the check, answered as the location's agent would, with `shot` as its screenshot. */
async function agentRun(checkId: string, key: string): Promise<void> {
  const agent = async (path: string, body: unknown): Promise<Json> => {
    const res = await fetch(`${served.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { sessions } = await served.api("POST", "/v1/check-sessions/trigger", {
    target: { checkId: [checkId] },
  });
  const { jobs } = await agent("/agent/v1/lease", { agentId: "e2e-agent", waitSeconds: 10 });
  const job = jobs[0];
  await agent(`/agent/v1/jobs/${job.jobId}/result`, {
    leaseId: job.leaseId,
    outcome: {
      hasFailures: true,
      hasErrors: false,
      responseTime: 812,
      errorMessage: "line 2: expect(locator).toHaveText(expected) failed",
      detail: { browserCheckResult: { errors: [{ message: "toHaveText failed", line: 2 }] } },
      assets: { "screenshot.png": shot.toString("base64") },
    },
  });
  const id = sessions[0].checkSessionId;
  await served.api("GET", `/v1/check-sessions/${id}/completion?maxWaitSeconds=10`);
}

beforeAll(async () => {
  shot = twoColours();
  await ensureBundle();
  served = await serve({ demo: false });
  const loc = await served.api("POST", "/v1/private-locations", { name: "Lab", slugName: "lab-e2e" });
  const check = await served.api("POST", "/v1/checks/browser", {
    name: "Checkout flow",
    frequency: 10,
    locations: [],
    privateLocations: ["lab-e2e"],
    script: "await page.goto('https://shop.example');\nawait expect(page.locator('h1')).toHaveText('Cart');",
  });
  await agentRun(check.id, loc.keys[0].rawKey);
}, 60_000);
afterAll(async () => {
  t?.kill();
  await served?.stop();
});

/** The console on the check's one result, opened. */
async function openTheResult(env: Record<string, string>): Promise<TmuxTerminal> {
  const term = launchConsole(served, { cols: 120, rows: 32, env });
  await term.waitFor("Checkout flow", "the check");
  term.keys("Enter");
  await term.waitFor(/Checkout flow/, "its detail");
  term.keys("r");
  await term.waitFor(
    (s) => /Results › Checkout flow/.test(s) && /›.*FINAL/.test(s),
    "its results, the row read",
  );
  term.keys("Enter");
  await term.waitFor(/screenshot\s+assets\//, "the open result's screenshot line");
  return term;
}

describe("s on a result in a real terminal", () => {
  it("kitty: the terminal is handed over, the image's own bytes drawn, Enter comes back to the result", async () => {
    t = await openTheResult({ VIGIL_IMAGES: "kitty" });
    t.keys("s");
    const over = await t.waitFor("press Enter to return to the console", "the hand-over");
    expect(over).not.toMatch(HEADER);
    expect(over).toMatch(/screenshot of result \S+ \(\d+ bytes, kitty graphics\):/);
    const raw = await t.waitForRaw("\u001b_Gf=100");
    expect(raw.toString("latin1")).toContain(kittyImage(shot).join(""));
    t.keys("Enter");
    const back = await t.waitFor("screenshot drawn (kitty graphics); back in the console", "the console");
    expect(back).toMatch(HEADER);
    expect(back).toMatch(/screenshot\s+assets\//);
  }, 60_000);

  it("no image protocol: saved to a private file and named, the console stays", async () => {
    t?.kill();
    t = await openTheResult({ VIGIL_IMAGES: "none" });
    t.keys("s");
    const screen = await t.waitFor(/screenshot saved to \S+/, "the notice");
    expect(screen).toMatch(HEADER);
    const path = /screenshot saved to (\S+\.png)/.exec(screen.replace(/\n\s*/g, ""))?.[1];
    expect(path).toBeDefined();
    expect(readFileSync(path!)).toEqual(shot);
    expect(statSync(path!).mode & 0o777).toBe(0o600);
  }, 60_000);
});
