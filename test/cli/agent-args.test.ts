/**
 * `vigil agent` parses with the one parser and resolves its service as every command does (issue 28): flag >
 * environment > profile, with the global connection flags accepted.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAgentArgs } from "../../src/cli/agent.ts";

const KEY = "pl_0123456789abcdef";

function config(): string {
  const dir = mkdtempSync(join(tmpdir(), "vigil-agent-args-"));
  const file = join(dir, "config.json");
  writeFileSync(file, JSON.stringify({ profiles: { prod: { baseUrl: "https://prod.example" } } }), {
    mode: 0o600,
  });
  return file;
}

describe("vigil agent's flags", () => {
  it("base URL: --base-url > VIGIL_BASE_URL > the profile's", () => {
    const cfg = config();
    const env = { VIGIL_AGENT_KEY: KEY, VIGIL_CONFIG: cfg, HOME: "/nonexistent" };
    expect(parseAgentArgs(["--profile", "prod"], env).baseUrl).toBe("https://prod.example");
    expect(
      parseAgentArgs(["--profile", "prod"], { ...env, VIGIL_BASE_URL: "https://env.example" }).baseUrl,
    ).toBe("https://env.example");
    expect(
      parseAgentArgs(["--profile", "prod", "--base-url", "https://flag.example"], {
        ...env,
        VIGIL_BASE_URL: "https://env.example",
      }).baseUrl,
    ).toBe("https://flag.example");
    expect(parseAgentArgs([], { ...env, VIGIL_PROFILE: "prod" }).baseUrl).toBe("https://prod.example");
  });

  it("takes the global flags anywhere, its own with = or a space, and refuses what it does not know", () => {
    const env = { HOME: "/nonexistent" };
    const a = parseAgentArgs(
      ["--base-url=https://x.example", "--key", KEY, "--api-key", "unused", "--concurrency", "3", "--json"],
      env,
    );
    expect(a).toMatchObject({ baseUrl: "https://x.example", key: KEY, concurrency: 3 });
    expect(() => parseAgentArgs(["--base-url", "https://x.example", "--key", KEY, "--bogus"], env)).toThrow(
      "unknown option --bogus",
    );
    expect(() => parseAgentArgs(["--base-url", "ftp://x", "--key", KEY], env)).toThrow(
      /must be an http\(s\) URL/,
    );
    expect(() => parseAgentArgs(["--base-url", "https://x.example"], env)).toThrow("no location key");
  });
});
