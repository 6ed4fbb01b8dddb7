/** The config file's `keys` and `theme` sections: the key notation, the skin, and the one-line errors. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { displayKey, notateKey, parseKey, parseKeyList } from "../../src/config/keys.ts";
import { resolveConfig } from "../../src/config/resolve.ts";

let dir: string;
let cfg: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "vigil-keys-"));
  cfg = join(dir, "config.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (obj: unknown, path = cfg) => {
  writeFileSync(path, JSON.stringify(obj));
  chmodSync(path, 0o600);
};
const resolve = () => resolveConfig({ flags: {}, env: { VIGIL_CONFIG: cfg } });

describe("the key notation", () => {
  it("reads characters, named keys in angle brackets and Ctrl letters", () => {
    expect(parseKey("t")).toEqual({ key: "t" });
    expect(parseKey("T")).toEqual({ key: "T" });
    expect(parseKey("?")).toEqual({ key: "?" });
    expect(parseKey("<enter>")).toEqual({ key: "enter" });
    expect(parseKey("<Return>")).toEqual({ key: "enter" });
    expect(parseKey("<space>")).toEqual({ key: "space" });
    expect(parseKey("<PageDown>")).toEqual({ key: "pgdn" });
    expect(parseKey("<ctrl+d>")).toEqual({ key: "ctrl+d" });
    expect(parseKey("<c-d>")).toEqual({ key: "ctrl+d" });
    expect(parseKey("<shift+tab>")).toEqual({ key: "shift+tab" });
  });

  it("refuses what is not a key, and the Ctrl keys a terminal sends as another key", () => {
    expect(parseKey("tt")).toMatchObject({ error: expect.stringContaining('"tt" is not a key') });
    expect(parseKey("<ctlr+d>")).toMatchObject({ error: expect.stringContaining("is not a key") });
    expect(parseKey(" ")).toMatchObject({ error: expect.stringContaining("<space>") });
    expect(parseKey("<ctrl+c>")).toMatchObject({ error: expect.stringContaining("Ctrl-C always quits") });
    expect(parseKey("<ctrl+m>")).toMatchObject({ error: expect.stringContaining("as Enter") });
    expect(parseKey("\x1b")).toMatchObject({ error: expect.stringContaining("control character") });
  });

  it("a list, one key, or <disabled> alone", () => {
    expect(parseKeyList(["j", "<down>", "j"])).toEqual({ keys: ["j", "down"] });
    expect(parseKeyList("<disabled>")).toEqual({ keys: [] });
    expect(parseKeyList(["<disabled>", "x"])).toMatchObject({
      error: expect.stringContaining("stands alone"),
    });
    expect(parseKeyList([])).toMatchObject({ error: expect.stringContaining("<disabled>") });
  });

  it("writes keys back for the help and the keys section", () => {
    expect(["t", "enter", "up", "pgdn", "ctrl+d", "space"].map(displayKey)).toEqual([
      "t",
      "Enter",
      "↑",
      "PgDn",
      "Ctrl-D",
      "space",
    ]);
    expect(["t", "enter", "ctrl+d"].map(notateKey)).toEqual(["t", "<enter>", "<ctrl+d>"]);
  });
});

describe("the config file's keys and theme sections", () => {
  it("the keys section comes out as key names per context and action", () => {
    write({ keys: { list: { trigger: "x" }, global: { quit: ["q", "<ctrl+q>"], help: "<disabled>" } } });
    expect(resolve().keys).toEqual({ list: { trigger: ["x"] }, global: { quit: ["q", "ctrl+q"], help: [] } });
  });

  it("a bad key or context is one line naming the file and the field", () => {
    write({ keys: { list: { trigger: "<ctlr+x>" } } });
    expect(resolve).toThrow(
      new RegExp(`config file ${cfg}: "keys\\.list\\.trigger" "<ctlr\\+x>" is not a key`),
    );
    write({ keys: { lists: { trigger: "x" } } });
    expect(resolve).toThrow(/"keys\.lists" is not a setting/);
  });

  it("a theme: a built-in by name, roles over a base, or a theme file beside the config", () => {
    write({ theme: "light" });
    expect(resolve().skin?.skin).toEqual({ base: "light" });
    write({ theme: { base: "dark", fail: "#ff5f87", accent: "cyanBright" } });
    expect(resolve().skin).toEqual({
      skin: { base: "dark", fail: "#ff5f87", accent: "cyanBright" },
      source: cfg,
    });
    mkdirSync(join(dir, "skins"));
    write({ base: "light", ok: "#006000" }, join(dir, "skins", "mine.json"));
    write({ theme: "skins/mine.json" });
    expect(resolve().skin).toEqual({
      skin: { base: "light", ok: "#006000" },
      source: join(dir, "skins", "mine.json"),
    });
  });

  it("a bad colour, role or missing theme file is one line naming the file and the field", () => {
    write({ theme: { fail: "reddish" } });
    expect(resolve).toThrow(/"theme\.fail" must be a colour/);
    write({ theme: "skins/none.json" });
    expect(resolve).toThrow(
      new RegExp(`theme file ${join(dir, "skins", "none.json")} \\(named in ${cfg}\\): no such file`),
    );
    write({ fial: "#ff0000" }, join(dir, "bad.json"));
    write({ theme: "bad.json" });
    expect(resolve).toThrow(new RegExp(`theme file ${join(dir, "bad.json")}: "\\(root\\)"|"fial"`));
  });
});
