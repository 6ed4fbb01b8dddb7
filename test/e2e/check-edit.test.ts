/**
 * End-to-end: `e` in a real terminal (tmux, the bundled console, a real `vigil serve`) with EDITOR set to
 * a small script that behaves like an editor — it takes the terminal (says so and waits for Enter, read in
 * cooked mode: the keys go to it, not to the console), edits the file, exits. The console comes back whole,
 * lists the changes to confirm, and sends them; the masked secret keeps its stored value. Then `a`
 * deactivates the check.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

const SECRET = "Bearer sk_live_e2e_0123456789abcdef";
let served: Served;
let check: Json;
let t: TmuxTerminal | undefined;
const dir = mkdtempSync(join(tmpdir(), "vigil-e2e-editor-"));
const EDITOR = join(dir, "fake-editor.sh");

beforeAll(async () => {
  writeFileSync(
    EDITOR,
    [
      "#!/bin/sh",
      'printf "FAKE EDITOR on %s - Enter saves\\n" "$(basename "$1")"',
      "read answer",
      `sed -i -e 's/"frequency": 5/"frequency": 1/' -e 's/"name": "Checkout API"/"name": "Checkout API v2"/' "$1"`,
      "",
    ].join("\n"),
  );
  chmodSync(EDITOR, 0o755);
  await ensureBundle();
  served = await serve({ demo: false });
  check = await served.api("POST", "/v1/checks/api", {
    name: "Checkout API",
    frequency: 5,
    locations: ["eu-west-1"],
    request: {
      method: "GET",
      url: "http://127.0.0.1:9/",
      headers: [{ key: "Authorization", value: SECRET }],
    },
  });
}, 60_000);
afterAll(async () => {
  t?.kill();
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("e and a in a real terminal", () => {
  it("e hands the terminal to $EDITOR, then confirms the changes and sends them; a deactivates", async () => {
    t = launchConsole(served, { cols: 120, rows: 30, env: { EDITOR } });
    await t.waitFor("Checkout API", "the check");
    t.keys("e");
    const editing = await t.waitFor(`FAKE EDITOR on check-${check.id}.json - Enter saves`, "the editor");
    expect(editing).not.toMatch(HEADER);
    t.keys("Enter");
    const confirm = await t.waitFor('Save the changes to "Checkout API"?', "the confirmation");
    expect(confirm).toMatch(HEADER);
    expect(confirm).not.toContain("FAKE EDITOR");
    expect(confirm).toContain("frequency: 5 → 1");
    expect(confirm).toContain('name: "Checkout API" → "Checkout API v2"');
    t.keys("y");
    await t.waitFor('saved "Checkout API v2" (2 changes)', "the notice");
    const after = await served.api("GET", `/v1/checks/${check.id}`);
    expect(after).toMatchObject({ name: "Checkout API v2", frequency: 1 });
    expect(after.request.headers[0].value).toBe(SECRET);

    t.keys("a");
    await t.waitFor('Deactivate "Checkout API v2"?', "the question");
    t.keys("y");
    await t.waitFor(/deactivated "Checkout API v2"/, "the notice");
    expect((await served.api("GET", `/v1/checks/${check.id}`)).activated).toBe(false);
  }, 60_000);

  it("--fullscreen: the editor gets the main screen, the console its alternate screen back", async () => {
    t?.kill();
    // as before the first test: the script's edit changes something again
    await served.api("PUT", `/v1/checks/api/${check.id}`, { name: "Checkout API", frequency: 5 });
    t = launchConsole(served, { cols: 120, rows: 30, env: { EDITOR }, args: ["--fullscreen"] });
    await t.waitFor("Checkout API", "the check");
    expect(t.cursor().alternate).toBe(true);
    t.keys("e");
    await t.waitFor("FAKE EDITOR on", "the editor");
    expect(t.cursor().alternate).toBe(false);
    t.keys("Enter");
    const confirm = await t.waitFor('Save the changes to "Checkout API"?', "the confirmation");
    expect(confirm).toMatch(HEADER);
    expect(t.cursor()).toMatchObject({ alternate: true, visible: false });
    t.keys("n");
    await t.waitFor((s) => !s.includes("Save the changes"), "declined");
    expect((await served.api("GET", `/v1/checks/${check.id}`)).name).toBe("Checkout API");
  }, 60_000);
});
