/** --mouse and --notify: flag > environment > profile, a wrong value refused in one line; a share viewer's asks. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/resolve.ts";
import { viewerAsks } from "../../src/share/viewer.ts";

let dir: string;
let cfg: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "vigil-config-"));
  cfg = join(dir, "config.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeConfig(obj: unknown) {
  writeFileSync(cfg, JSON.stringify(obj));
  chmodSync(cfg, 0o600);
}

const resolve = (
  flags: { mouse?: boolean; notify?: string; profile?: string },
  env: Record<string, string> = {},
) => resolveConfig({ flags, env: { VIGIL_CONFIG: cfg, ...env } });

describe("--mouse and --notify", () => {
  it("the mouse: --mouse > VIGIL_MOUSE > a profile's mouse, else off", () => {
    writeConfig({ profiles: { m: { mouse: true }, plain: {} } });
    expect(resolve({ profile: "plain" }).mouse).toBe(false);
    expect(resolve({ profile: "m" }).mouse).toBe(true);
    expect(resolve({ profile: "m" }, { VIGIL_MOUSE: "0" }).mouse).toBe(false);
    expect(resolve({ profile: "plain" }, { VIGIL_MOUSE: "1" }).mouse).toBe(true);
    expect(resolve({ profile: "m", mouse: false }).mouse).toBe(false);
  });

  it("notifications: --notify > VIGIL_NOTIFY > a profile's notify, else none; anything but bell or desktop refused", () => {
    writeConfig({ profiles: { d: { notify: "desktop" }, plain: {} } });
    expect(resolve({ profile: "plain" }).notify).toBeUndefined();
    expect(resolve({ profile: "d" }).notify).toBe("desktop");
    expect(resolve({ profile: "d" }, { VIGIL_NOTIFY: "bell" }).notify).toBe("bell");
    expect(resolve({ profile: "d", notify: "bell" }).notify).toBe("bell");
    // the one it came from, the rule and the value given
    expect(() => resolve({ notify: "loud" })).toThrow('--notify: must be bell or desktop, got "loud"');
    expect(() => resolve({}, { VIGIL_NOTIFY: "loud" })).toThrow(
      'VIGIL_NOTIFY: must be bell or desktop, got "loud"',
    );
    writeConfig({ profiles: { bad: { notify: "yes" } } });
    expect(() => resolve({ profile: "bad" })).toThrow(/"profiles\.bad\.notify" must be bell or desktop/);
  });

  it("a share viewer's asks: its own VIGIL_NOTIFY only, the mouse by its VIGIL_MOUSE else the server's", () => {
    expect(viewerAsks({}, false)).toEqual({ mouse: false, notify: undefined });
    expect(viewerAsks({}, true)).toEqual({ mouse: true, notify: undefined });
    expect(viewerAsks({ VIGIL_MOUSE: "0", VIGIL_NOTIFY: "bell" }, true)).toEqual({
      mouse: false,
      notify: "bell",
    });
    expect(viewerAsks({ VIGIL_MOUSE: "yes", VIGIL_NOTIFY: "desktop" }, false)).toEqual({
      mouse: true,
      notify: "desktop",
    });
    expect(viewerAsks({ VIGIL_NOTIFY: "\u0007" }, false).notify).toBeUndefined();
  });

  it("VIGIL_STALE_AFTER: whole seconds 5–86400; a bad value is kept as the refusal of the commands using it", () => {
    writeConfig({ profiles: { p: {} } });
    expect(resolve({ profile: "p" }, { VIGIL_STALE_AFTER: "25" }).staleAfterMs).toBe(25_000);
    const bad = resolve({ profile: "p" }, { VIGIL_STALE_AFTER: "abc" });
    expect(bad.staleAfterMs).toBe(90_000);
    expect(bad.staleAfterRefusal).toBe(
      'VIGIL_STALE_AFTER must be a whole number of seconds from 5 to 86400, got "abc"',
    );
    expect(resolve({ profile: "p" }, { VIGIL_STALE_AFTER: "2" }).staleAfterRefusal).toMatch(/got "2"/);
  });

  it("an unknown key in the config file: named in full, with the setting it differs from in case", () => {
    writeConfig({ profiles: { p: { readonly: true } } });
    expect(() => resolve({ profile: "p" })).toThrow(
      /"profiles\.p\.readonly" is not a setting \(did you mean readOnly\?\)/,
    );
    writeConfig({ profiles: { p: { colour: "x" } } });
    expect(() => resolve({ profile: "p" })).toThrow(/"profiles\.p\.colour" is not a setting$/);
  });
});
