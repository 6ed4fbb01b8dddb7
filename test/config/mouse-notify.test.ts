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
    expect(() => resolve({ notify: "loud" })).toThrow("--notify / VIGIL_NOTIFY: must be bell or desktop");
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
});
