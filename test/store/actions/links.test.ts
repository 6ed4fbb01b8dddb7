/** `o`: the web link from the profile's template, else the API URL with why; when a browser may start. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, resolveConfig } from "../../../src/config/resolve.ts";
import { browserOpener, linkOf, NO_LOCAL_LINK, NO_WEB_URL } from "../../../src/store/actions/links.ts";

const base = { apiBase: "https://api.example.com", checkId: "c 1", local: false };

describe("links", () => {
  it("a web link fills the template; from a result it is still the check's page", () => {
    const webUrl = "https://app.example.com/checks/{checkId}/overview";
    expect(linkOf({ ...base, webUrl })).toEqual({
      kind: "web",
      url: "https://app.example.com/checks/c%201/overview",
    });
    expect(linkOf({ ...base, webUrl, resultId: "r1" })).toEqual({
      kind: "web",
      url: "https://app.example.com/checks/c%201/overview",
    });
  });

  it("the local service has no web app: the API URL of the result (or check), and why", () => {
    expect(linkOf({ ...base, local: true, webUrl: "https://x/{checkId}", resultId: "r/1" })).toEqual({
      kind: "api",
      url: "https://api.example.com/v1/check-results/c%201/r%2F1",
      why: NO_LOCAL_LINK,
    });
    expect(linkOf({ ...base })).toEqual({
      kind: "api",
      url: "https://api.example.com/v1/checks/c%201",
      why: NO_WEB_URL,
    });
  });

  it("a browser starts only with a display (or on macOS), never for a viewer of vigil share", () => {
    const url = "https://app.example.com/checks/1";
    expect(browserOpener(url, { shared: false, platform: "linux", env: { DISPLAY: ":0" } })).toEqual({
      command: "xdg-open",
      args: [url],
    });
    expect(
      browserOpener(url, { shared: false, platform: "linux", env: { WAYLAND_DISPLAY: "wayland-0" } }),
    ).toMatchObject({
      command: "xdg-open",
    });
    expect(browserOpener(url, { shared: false, platform: "darwin", env: {} })).toEqual({
      command: "open",
      args: [url],
    });
    expect(browserOpener(url, { shared: false, platform: "linux", env: {} })).toEqual({ why: "no display" });
    expect(browserOpener(url, { shared: true, platform: "darwin", env: { DISPLAY: ":0" } })).toMatchObject({
      why: expect.stringMatching(/vigil share/),
    });
  });
});

describe("webUrl in the configuration", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const env = () => {
    dir = mkdtempSync(join(tmpdir(), "vigil-weburl-"));
    return { XDG_CONFIG_HOME: dir, XDG_DATA_HOME: join(dir, "data") };
  };

  it("comes from VIGIL_WEB_URL or the profile, and must hold {checkId}", () => {
    const e = env();
    expect(
      resolveConfig({ flags: {}, env: { ...e, VIGIL_WEB_URL: "https://app.example.com/c/{checkId}" } })
        .webUrl,
    ).toBe("https://app.example.com/c/{checkId}");
    expect(() =>
      resolveConfig({ flags: {}, env: { ...e, VIGIL_WEB_URL: "https://app.example.com/c/" } }),
    ).toThrow(/VIGIL_WEB_URL: must contain \{checkId\}/);
    const cfg = join(dir!, "vigil", "config.json");
    mkdirSync(join(dir!, "vigil"), { recursive: true });
    writeFileSync(cfg, JSON.stringify({ profiles: { p: { webUrl: "ftp://x/{checkId}" } } }));
    chmodSync(cfg, 0o600);
    expect(() => resolveConfig({ flags: { profile: "p" }, env: e })).toThrow(ConfigError);
  });
});
