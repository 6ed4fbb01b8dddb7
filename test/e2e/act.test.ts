/**
 * End-to-end: the act keys in a real terminal (tmux, the bundled console, a real `vigil serve`) — `y` `c`
 * puts a curl of the check's request, its secret masked, on the clipboard through OSC 52 (inside tmux:
 * wrapped for passthrough and plain; tmux with `set-clipboard on` takes the plain one into its paste
 * buffer, which is what a user pastes); `m` asks, mutes through the service and the row's muted marker
 * follows; `o` without a webUrl shows the API URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlOf } from "../../src/store/actions/curl.ts";
import { ensureBundle } from "./support/bundle.ts";
import { launchConsole } from "./support/console.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

const SECRET = "sk_live_e2e_0123456789abcdef";
let served: Served;
let check: Json;
let t: TmuxTerminal | undefined;

beforeAll(async () => {
  await ensureBundle();
  served = await serve({ demo: false });
  check = await served.api("POST", "/v1/checks/api", {
    name: "Checkout API",
    locations: ["eu-west-1"],
    request: {
      method: "POST",
      url: "http://127.0.0.1:9/pay?debug=1",
      headers: [{ key: "Authorization", value: `Bearer ${SECRET}` }],
      body: '{"amount":1}',
      bodyType: "JSON",
    },
  });
}, 60_000);
afterAll(async () => {
  t?.kill();
  await served?.stop();
});

describe("act keys in a real terminal", () => {
  it("y c copies the masked curl via OSC 52 (tmux buffer), m mutes and the marker follows, o shows the API URL", async () => {
    // inside tmux (TMUX set): the console sends the passthrough-wrapped sequence and the plain one
    t = launchConsole(served, { cols: 120, rows: 30, env: { TMUX: "/tmp/tmux-e2e/default,1,0" } });
    t.tmux("set-option", "-g", "set-clipboard", "on");
    await t.waitFor("Checkout API", "the check");
    t.keys("y");
    await t.waitFor("Copy (Checkout API)", "the copy menu");
    t.keys("c");
    const screen = await t.waitFor(
      /copied curl with secrets masked \(\d+ bytes\) to the clipboard via OSC 52/,
      "the notice",
    );
    expect(screen).toContain("your terminal must allow it");
    const want = curlOf(check)!;
    expect(want).toContain("Bearer ...cdef");
    // what tmux took from the plain sequence: exactly the curl
    expect(t.tmux("show-buffer")).toBe(want);
    // what the terminal received: the wrapped one (inner ESC doubled) before the plain one; no secret
    const b64 = Buffer.from(want).toString("base64");
    const raw = (await t.waitForRaw(b64)).toString("latin1");
    expect(raw).toContain(`\u001bPtmux;\u001b\u001b]52;c;${b64}\u0007\u001b\\\u001b]52;c;${b64}\u0007`);
    expect(raw).not.toContain(SECRET);

    t.keys("m");
    await t.waitFor('Mute "Checkout API"?', "the question");
    t.keys("y");
    await t.waitFor(/muted "Checkout API"/, "the notice");
    // the list is read again at once: the row carries the muted marker and the summary counts it
    await t.waitFor(/m 1 muted/, "the muted marker");
    expect((await served.api("GET", `/v1/checks/${check.id}`)).muted).toBe(true);

    // pointed at the service by VIGIL_BASE_URL without a webUrl: no browser link, the API URL shown
    t.keys("o");
    const link = await t.waitFor("no browser link: set the profile's webUrl", "the link box");
    expect(link).toContain(`/v1/checks/${check.id}`);
    t.keys("Escape");
    await t.waitFor((s) => !s.includes("no browser link"), "the box closed");
  }, 60_000);
});
