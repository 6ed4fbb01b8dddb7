/**
 * End-to-end: hostile strings stored in the service — as check names, an incident name and update, and an
 * alert channel's name and URL — reach the console in a real pseudo-terminal as harmless visible text.
 * Proof on both sides of the terminal: the screen shows visible stand-ins, and replaying every raw byte
 * the console wrote through @xterm/headless fires no OSC handler (title 0/2, link 8, clipboard 52), no
 * title change, no whole-screen erase, no bell; tmux's own pane title is untouched too.
 */
import type { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";
import { replay } from "./support/xterm.ts";

const ESC = "\x1b";
const BEL = "\x07";
const ST = `${ESC}\\`;

/** Each name starts with a plain tag (H1…) and ends with a plain word, so its row can be found. */
const HOSTILE: Record<string, string> = {
  H1: `H1 ${ESC}[2J${ESC}[H${ESC}[3J wipe`,
  H2: `H2 ${ESC}]0;pwned-title0${BEL} title0`,
  H3: `H3 ${ESC}]2;pwned-title2${ST} title2`,
  H4: `H4 ${ESC}]8;;https://evil.example/${ST}click${ESC}]8;;${ST} link`,
  H5: `H5 ${ESC}]52;c;cHduZWQtY2xpcGJvYXJk${BEL} clip`,
  H6: "H6 \u009b2J\u009d2;pwned-c1\u0007 c1",
  H7: `H7 back\bspace\rcarriage${BEL}bell`,
  H8: "H8 \u202eexe.txt bidi",
  H9: `H9 ${ESC}c${ESC}[?1049h${ESC}[?25l reset`,
};

let served: Served;
let term: TmuxTerminal | undefined;

beforeAll(async () => {
  // The service refuses names with control characters at its input (the shared input rules), but a hosted
  // service, an older data dir or another client can still hand them back: each thing is created with a
  // plain name, then its stored row is given the hostile one while the service is stopped.
  const checkIds = new Map<string, string>();
  const ids = { service: "", incident: "", channel: 0 };
  const seed = {
    api: async (s: Served) => {
      for (const key of Object.keys(HOSTILE)) {
        const created = await s.api("POST", "/v1/checks/url", {
          name: `placeholder ${key}`,
          activated: false,
          frequency: 10,
          locations: ["eu-west-1"],
          tags: ["hostile"],
          request: { url: "http://127.0.0.1:9/" },
        });
        checkIds.set(key, created.id);
      }
      ids.service = (await s.api("POST", "/v1/status-pages/services", { name: "placeholder service" })).id;
      ids.incident = (
        await s.api("POST", "/v1/status-pages/incidents", {
          name: "placeholder incident",
          severity: "MAJOR",
          services: [{ id: ids.service }],
          incidentUpdates: [{ description: "placeholder update", status: "INVESTIGATING" }],
        })
      ).id;
      ids.channel = (
        await s.api("POST", "/v1/alert-channels", {
          type: "WEBHOOK",
          config: { name: "placeholder channel", url: "https://hook.example/x", method: "POST" },
        })
      ).id;
    },
    rows: (db: DatabaseSync) => {
      const rename = db.prepare("UPDATE checks SET name = ?, doc = json_set(doc, '$.name', ?) WHERE id = ?");
      for (const [key, name] of Object.entries(HOSTILE)) rename.run(name, name, checkIds.get(key)!);
      db.prepare("UPDATE services SET name = ? WHERE id = ?").run(HOSTILE.H3!, ids.service);
      db.prepare("UPDATE incidents SET name = ? WHERE id = ?").run(HOSTILE.H2!, ids.incident);
      db.prepare("UPDATE incident_updates SET description = ? WHERE incident_id = ?").run(
        `${HOSTILE.H5} ${HOSTILE.H1}`,
        ids.incident,
      );
      db.prepare(
        "UPDATE alert_channels SET config = json_set(config, '$.name', ?, '$.url', ?) WHERE id = ?",
      ).run(HOSTILE.H4!, `https://hook.example/${HOSTILE.H6}`, ids.channel);
    },
  };
  const [svc] = await Promise.all([serve({ demo: false, seed }), ensureBundle()]);
  served = svc;
}, 60_000);

afterAll(async () => {
  term?.kill();
  await served?.stop();
});

/** No character a terminal would act on may be on the screen tmux shows. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

describe("hostile strings from the service", () => {
  it("render as visible text: title, clipboard, links and screen stay untouched", async () => {
    const checks: { name: string }[] = await served.api("GET", "/v1/checks?limit=100");
    expect(checks.map((c) => c.name).sort()).toEqual(Object.values(HOSTILE).sort());

    term = launchConsole(served, { cols: 120, rows: 40 });
    const t = term;

    // Checks pane: every hostile row, each with its plain words on either side of a visible stand-in.
    const list = await t.waitFor(
      (s) => HEADER.test(s) && Object.keys(HOSTILE).every((k) => s.includes(`${k} `)),
      "every hostile check listed",
    );
    expect(list.split("\n")[0]).toMatch(/^vigil › Checks/);
    for (const word of ["wipe", "title0", "title2", "link", "clip", "c1", "bell", "bidi", "reset"])
      expect(list, word).toContain(word);
    expect(list).toContain("[2J");
    expect(list).not.toContain("pwned");
    expect(list).not.toMatch(CONTROL);

    // Check detail of H1 (Enter) — the name again, as a title.
    t.keys("/");
    t.type("wipe");
    t.keys("Enter");
    await t.waitFor(/1 of 9 checks/, "the filter down to H1");
    t.keys("Enter");
    const detail = await t.waitFor(/H1 .*wipe/, "the H1 detail");
    expect(detail).not.toMatch(CONTROL);
    t.keys("Escape", "Escape");

    // Incidents (5): the hostile name, and its update in the detail.
    t.keys("5");
    const incidents = await t.waitFor(/H2 .*title0/, "the hostile incident");
    expect(incidents).toMatch(/MAJOR/);
    t.keys("Enter");
    const incident = await t.waitFor(/H5 .*clip/, "the incident update in the detail");
    expect(incident).not.toContain("pwned");
    expect(incident).not.toMatch(CONTROL);
    t.keys("Escape");

    // Alert channels (6): the webhook's URL in the list, its name in the detail.
    t.keys("6");
    const channels = await t.waitFor(/WEBHOOK/, "the hostile channel");
    expect(channels).toMatch(/H6 .*c1/);
    t.keys("Enter");
    const channel = await t.waitFor(/H4 .*link/, "the channel name in the detail");
    expect(channel).not.toMatch(CONTROL);
    t.keys("Escape");

    // Still one frame, in place: the header on row 1, nothing scrolled or cleared away.
    const after = await t.waitFor(/vigil › Alert channels/, "the alert channel list");
    expect(after.split("\n")[0]).toMatch(/^vigil › Alert channels/);
    // the title is the console's own (vigil and its failing count), never one a hostile name set (H6: "pwned")
    expect(t.tmux("display-message", "-p", "#{pane_title}").trim()).toMatch(/^vigil (✔|✖ \d+)$/);
    expect(t.cursor().alternate).toBe(false);

    t.keys("q");
    await t.waitFor("[exited 0]", "the console to exit");
    const all = await t.waitForRaw("[exited");
    const raw = all.subarray(0, all.indexOf("[exited"));

    // The bytes themselves: no OSC introducer, no 8-bit C1 (as UTF-8), no bidi override, no BEL/BS.
    // the console's own title (vigil and its failing count, then plain vigil at the end) is left out: the one
    // OSC it writes here
    const text = raw.toString("utf8").replace(/\u001b\]0;vigil( ✔| ✖ \d+)?\u0007/g, "");
    expect(text).not.toContain(`${ESC}]`);
    expect(text).not.toContain(`${ESC}c`);
    expect(text).not.toContain(`${ESC}[2J`);
    expect(text).not.toContain(`${ESC}[?1049h`);
    expect(text).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u0007\u0008]/u);

    // What a terminal does with them: nothing outside the frame.
    const r = await replay(raw, 120, 40);
    // the only OSC and titles are the console's own: "vigil", then its failing count ("vigil ✔": none)
    expect(r.oscs.every(([id, data]) => id === 0 && /^vigil( ✔| ✖ \d+)?$/.test(data))).toBe(true);
    expect(r.titles.every((t) => /^vigil( ✔| ✖ \d+)?$/.test(t))).toBe(true);
    expect(r.clears).toEqual([]);
    expect(r.bells).toBe(0);
    expect(r.buffer).toBe("normal");
    expect(r.cursorVisible).toBe(true);
    expect(r.lines.join("\n")).toContain("vigil › Alert channels");
  }, 45_000);
});
