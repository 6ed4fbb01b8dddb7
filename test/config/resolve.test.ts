import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfigFile, resolveConfig } from "../../src/config/resolve.ts";

let dir: string;
let cfg: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "vigil-config-"));
  cfg = join(dir, "config.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeConfig(obj: unknown, mode = 0o600) {
  writeFileSync(cfg, JSON.stringify(obj));
  chmodSync(cfg, mode);
}

const profiles = {
  defaultProfile: "prod",
  profiles: {
    prod: {
      baseUrl: "https://api.example.com/",
      apiKey: "prod-key-123456789",
      accountId: "acc-prod",
      readOnly: true,
    },
    local: { baseUrl: "http://127.0.0.1:4100", apiKey: "local-key-123456789" },
  },
};

describe("resolveConfig", () => {
  it("the paths follow the environment's HOME, not the process's (a test's HOME keeps the user's files out)", () => {
    expect(resolveConfig({ flags: {}, env: { HOME: dir } })).toMatchObject({
      configPath: join(dir, ".config", "vigil", "config.json"),
      dataDir: join(dir, ".local", "share", "vigil"),
    });
    // the config file under that HOME is the one read
    mkdirSync(join(dir, ".config", "vigil"), { recursive: true });
    writeFileSync(
      join(dir, ".config", "vigil", "config.json"),
      JSON.stringify({ defaultProfile: "there", profiles: {} }),
    );
    expect(() => resolveConfig({ flags: {}, env: { HOME: dir } })).toThrow('unknown profile "there"');
  });

  it("defaults to the embedded service with XDG paths when nothing is set", () => {
    const r = resolveConfig({ flags: {}, env: { XDG_CONFIG_HOME: dir, XDG_DATA_HOME: join(dir, "data") } });
    expect(r.baseUrl).toBeUndefined();
    expect(r.readOnly).toBe(false);
    expect(r.configPath).toBe(join(dir, "vigil", "config.json"));
    expect(r.dataDir).toBe(join(dir, "data", "vigil"));
  });

  it("chart times in UTC: --utc > VIGIL_UTC > a profile's utc, else local time", () => {
    writeConfig({ profiles: { z: { utc: true }, l: {} } });
    const r = (flags: { utc?: boolean; profile?: string }, env: Record<string, string> = {}) =>
      resolveConfig({ flags, env: { VIGIL_CONFIG: cfg, ...env } }).utc;
    expect(r({ profile: "l" })).toBe(false);
    expect(r({ profile: "z" })).toBe(true);
    expect(r({ profile: "z" }, { VIGIL_UTC: "0" })).toBe(false);
    expect(r({ profile: "l" }, { VIGIL_UTC: "1" })).toBe(true);
    expect(r({ profile: "z", utc: false })).toBe(false);
    writeConfig({ profiles: { bad: { utc: "yes" } } });
    expect(() => r({ profile: "bad" })).toThrow(/"profiles\.bad\.utc"/);
  });

  it("uses the default profile, trimming the trailing slash", () => {
    writeConfig(profiles);
    const r = resolveConfig({ flags: {}, env: { VIGIL_CONFIG: cfg } });
    expect(r).toMatchObject({
      baseUrl: "https://api.example.com",
      apiKey: "prod-key-123456789",
      accountId: "acc-prod",
      readOnly: true,
      profile: "prod",
    });
  });

  it("applies flag > env > profile precedence field by field", () => {
    writeConfig(profiles);
    const env = {
      VIGIL_CONFIG: cfg,
      VIGIL_PROFILE: "local",
      VIGIL_ACCOUNT_ID: "acc-env",
      VIGIL_API_KEY: "env-key-123456",
    };
    const r = resolveConfig({ flags: { account: "acc-flag" }, env });
    expect(r.profile).toBe("local");
    expect(r.baseUrl).toBe("http://127.0.0.1:4100");
    expect(r.apiKey).toBe("env-key-123456");
    expect(r.accountId).toBe("acc-flag");
    const r2 = resolveConfig({ flags: { profile: "prod", readOnly: false }, env });
    expect(r2.profile).toBe("prod");
    expect(r2.readOnly).toBe(false);
  });

  it("names an unknown profile and the known ones", () => {
    writeConfig(profiles);
    expect(() => resolveConfig({ flags: { profile: "nope" }, env: { VIGIL_CONFIG: cfg } })).toThrow(
      'unknown profile "nope" (known: prod, local)',
    );
  });

  it("refuses a group/world-readable config file holding a key, saying how to fix it", () => {
    writeConfig(profiles, 0o644);
    const err = (() => {
      try {
        loadConfigFile(cfg);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err?.message).toContain(`chmod 600 ${cfg}`);
    expect(err?.message).not.toContain("prod-key-123456789");
  });

  it("accepts a readable config file that holds no key", () => {
    writeConfig({ profiles: { ro: { baseUrl: "https://x.example", readOnly: true } } }, 0o644);
    expect(loadConfigFile(cfg).profiles.ro?.readOnly).toBe(true);
  });

  it("names the bad field in one line", () => {
    writeConfig({ profiles: { prod: { baseUrl: "ftp://nope", apiKey: "k" } } });
    expect(() => loadConfigFile(cfg)).toThrow(/"profiles\.prod\.baseUrl" must be an http\(s\) URL/);
    writeConfig({ profiles: { prod: { baseURL: "https://x" } } });
    expect(() => loadConfigFile(cfg)).toThrow(/profiles\.prod/);
    writeFileSync(cfg, "{oops");
    expect(() => loadConfigFile(cfg)).toThrow(/not valid JSON/);
  });

  it("requires a key when a base URL is given and validates the URL", () => {
    expect(() =>
      resolveConfig({ flags: { baseUrl: "https://x.example" }, env: { VIGIL_CONFIG: cfg } }),
    ).toThrow(/API key is needed/);
    expect(() =>
      resolveConfig({ flags: { baseUrl: "not a url", apiKey: "k" }, env: { VIGIL_CONFIG: cfg } }),
    ).toThrow(/--base-url/);
  });

  it("reads read-only from the environment", () => {
    const r = resolveConfig({ flags: {}, env: { VIGIL_CONFIG: cfg, VIGIL_READ_ONLY: "1" } });
    expect(r.readOnly).toBe(true);
    expect(resolveConfig({ flags: {}, env: { VIGIL_CONFIG: cfg, VIGIL_READ_ONLY: "no" } }).readOnly).toBe(
      false,
    );
  });

  it("refuses a malformed VIGIL_READ_ONLY instead of starting writable", () => {
    expect(() => resolveConfig({ flags: {}, env: { VIGIL_CONFIG: cfg, VIGIL_READ_ONLY: "ture" } })).toThrow(
      new ConfigError('VIGIL_READ_ONLY must be 1, true, yes, 0, false or no, got "ture"'),
    );
  });
});

describe("VIGIL_FULL_READ_SECONDS", () => {
  const resolve = (v: string | undefined) =>
    resolveConfig({ flags: {}, env: { VIGIL_CONFIG: cfg, VIGIL_FULL_READ_SECONDS: v } });

  it("unset: no interval of its own (the 5 minutes stand); set: that many seconds", () => {
    expect(resolve(undefined).fullReadMs).toBeUndefined();
    expect(resolve("").fullReadMs).toBeUndefined();
    expect(resolve("30").fullReadMs).toBe(30_000);
    expect(resolve("300").fullReadMs).toBe(300_000);
  });

  it("only shortens the 5 minutes: longer, too short or not a number is one clear line", () => {
    for (const v of ["301", "9", "0", "-5", "12.5", "soon"]) {
      expect(() => resolve(v)).toThrow(ConfigError);
      expect(() => resolve(v)).toThrow(
        /^VIGIL_FULL_READ_SECONDS must be a whole number of seconds from 10 to 300/,
      );
    }
  });
});
