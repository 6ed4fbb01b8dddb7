/**
 * `a` (activate / deactivate, confirmed) and `e` (the check's JSON in $EDITOR, the changes confirmed, then
 * sent) through the key handler against the real embedded service. The editor is a small script that edits
 * the file as a person would; the terminal hand-over (the console's mount) is a plain call here — the tmux
 * test (test/e2e/check-edit.test.ts) covers the real terminal.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeLines } from "../../../src/store/actions/check-edit.ts";
import { apply } from "../../../src/store/state.ts";
import { setPane } from "../../../src/store/view/ui.ts";
import { type Json, startTestService, type TestService } from "../../service/support.ts";
import { until } from "../../support/until.ts";
import { keyRig } from "../key-rig.ts";

let svc: TestService;
let checkId = "";
const dir = mkdtempSync(join(tmpdir(), "vigil-edit-test-"));
const SECRET = "Bearer sk_live_0123456789abcdef";

/** An "editor": a shell script run on the file. */
function editor(name: string, script: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

beforeAll(async () => {
  svc = await startTestService();
  const c = await svc.call("POST", "/v1/checks/api", {
    name: "Checkout API",
    frequency: 5,
    locations: ["eu-west-1"],
    request: {
      method: "POST",
      url: "http://127.0.0.1:9/pay",
      headers: [{ key: "Authorization", value: SECRET }],
    },
  });
  expect(c.status).toBe(201);
  checkId = c.body.id;
});
afterAll(async () => {
  await svc?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const stored = async (): Promise<Json> => (await svc.call("GET", `/v1/checks/${checkId}`)).body;

function rig(env: Record<string, string> = {}, withTerminal = true) {
  let suspended = 0;
  const r = keyRig({
    baseUrl: svc.url,
    apiKey: svc.apiKey,
    dataDir: mkdtempSync(join(dir, "data-")),
    act: {
      env,
      ...(withTerminal
        ? {
            suspend: async <T>(run: () => T): Promise<T> => {
              suspended++;
              return run();
            },
          }
        : {}),
    },
  });
  return {
    ...r,
    s: () => r.store.getState(),
    suspended: () => suspended,
    async onChecks() {
      await r.loaders.checks();
      apply(r.store, setPane(r.store.getState(), "checks"));
    },
  };
}

describe("a: deactivate / activate", () => {
  it("asks first; y deactivates; a again activates", async () => {
    const r = rig();
    await r.onChecks();
    r.press("a");
    expect(r.s().ui.overlay).toMatchObject({ kind: "confirm", title: 'Deactivate "Checkout API"?' });
    expect((await stored()).activated).toBe(true);
    r.press("y");
    await r.actions.idle();
    expect((await stored()).activated).toBe(false);
    expect(r.s().ui.notice).toMatch(/^deactivated "Checkout API" — it does not run until activated/);
    await r.loaders.checks();
    r.press("a");
    expect(r.s().ui.overlay).toMatchObject({ kind: "confirm", title: 'Activate "Checkout API"?' });
    r.press("n");
    expect((await stored()).activated).toBe(false);
    r.press("a");
    r.press("y");
    await r.actions.idle();
    expect((await stored()).activated).toBe(true);
    await r.client.close();
  });
});

describe("e: edit in $EDITOR", () => {
  it("the saved changes are listed to confirm, then sent; the masked secret keeps its value", async () => {
    const ed = editor(
      "ed-freq.sh",
      `sed -i -e 's/"frequency": 5/"frequency": 1/' -e 's/"name": "Checkout API"/"name": "Checkout API v2"/' "$1"`,
    );
    const r = rig({ EDITOR: ed });
    await r.onChecks();
    r.press("e");
    await until("the confirmation", 10_000, () => r.s().ui.overlay.kind === "confirm");
    expect(r.suspended()).toBe(1);
    const o = r.s().ui.overlay;
    expect(o).toMatchObject({ title: 'Save the changes to "Checkout API"?' });
    if (o.kind === "confirm")
      expect([...o.lines].sort()).toEqual(["frequency: 5 → 1", 'name: "Checkout API" → "Checkout API v2"']);
    r.press("y");
    await r.actions.idle();
    const after = await stored();
    expect(after).toMatchObject({ name: "Checkout API v2", frequency: 1 });
    expect(after.request.headers[0].value).toBe(SECRET);
    expect(r.s().ui.notice).toBe('saved "Checkout API v2" (2 changes)');
    await r.client.close();
  });

  it("no change: nothing asked, nothing sent", async () => {
    const before = await stored();
    const r = rig({ EDITOR: editor("ed-noop.sh", "true") });
    await r.onChecks();
    r.press("e");
    await until("the notice", 10_000, () => /^no change/.test(r.s().ui.notice ?? ""));
    expect(r.s().ui.overlay.kind).toBe("none");
    expect((await stored()).updated_at).toBe(before.updated_at);
    await r.client.close();
  });

  it("a refused edit or broken JSON is not sent, and the file is kept and named", async () => {
    for (const [name, script, why] of [
      [
        "ed-blank.sh",
        `sed -i 's/"name": "[^"]*"/"name": " "/' "$1"`,
        /not sent: api check: "name" is not allowed to be empty — your edit is kept in \S+check-[0-9a-f-]+\.json$/,
      ],
      [
        "ed-broken.sh",
        `printf '{"name": ' > "$1"`,
        /not sent: the edited check is not valid JSON \(.*\) — your edit is kept in /,
      ],
      ["ed-fails.sh", "exit 3", /not sent: \S+ed-fails\.sh exited with 3 — your edit is kept in /],
    ] as const) {
      const before = await stored();
      const r = rig({ EDITOR: editor(name, script) });
      await r.onChecks();
      r.press("e");
      await until(`the refusal of ${name}`, 10_000, () => /^not sent/.test(r.s().ui.notice ?? ""));
      expect(r.s().ui.notice).toMatch(why);
      expect(r.s().ui.overlay.kind).toBe("none");
      expect((await stored()).updated_at).toBe(before.updated_at);
      await r.client.close();
    }
  });

  it("without a terminal to hand over (vigil share, tests): says so", async () => {
    const r = rig({}, false);
    await r.onChecks();
    r.press("e");
    expect(r.s().ui.notice).toBe("e needs the console's terminal to run an editor in");
    await r.client.close();
  });

  it("a long list of changes is cut with how many more", () => {
    const lines = Array.from({ length: 20 }, (_, i) => `f${i}: 1 → 2`);
    const shown = changeLines(lines);
    expect(shown).toHaveLength(14);
    expect(shown.at(-1)).toBe("… and 7 more");
  });
});
