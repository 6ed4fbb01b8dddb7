/**
 * The systemd user units in deploy/systemd/, installed as the README says (`sed "s|%h/vigil|$PWD|g"` from
 * the checkout): valid for `systemd-analyze --user verify` (skipped, saying why, where that tool is not
 * installed), and their ExecStart commands really run here — the service answers /readyz and stops with 0
 * on SIGTERM (the unit's KillMode=mixed sends it to vigil alone), the agent reads its EnvironmentFile,
 * reaches the service and stops with 0.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle } from "../e2e/support/bundle.ts";
import { ROOT } from "../e2e/support/paths.ts";
import { api, freePort, run } from "./support.ts";

const UNITS = ["vigil-serve", "vigil-agent"] as const;
const analyze = spawnSync("systemd-analyze", ["--version"], { encoding: "utf8" });
const hasAnalyze = analyze.status === 0;

const dir = mkdtempSync(join(tmpdir(), "vigil-units-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The unit as the README installs it from this checkout. */
function installed(name: string): string {
  return readFileSync(join(ROOT, "deploy/systemd", `${name}.service`), "utf8").replaceAll("%h/vigil", ROOT);
}

/** `Key=Value` of the [Service] section (the units use no quoting and one line per key). */
function service(unit: string): Record<string, string> {
  const out: Record<string, string> = {};
  let section = "";
  for (const raw of unit.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = /^\[(.+)\]$/.exec(line);
    if (m) section = m[1]!;
    else if (section === "Service") {
      const eq = line.indexOf("=");
      out[line.slice(0, eq)] = line.slice(eq + 1);
    }
  }
  return out;
}

describe("systemd user units", () => {
  it.skipIf(!hasAnalyze)("are valid for systemd-analyze --user verify, without a warning", () => {
    const units = join(dir, "verify");
    const runtime = join(dir, "runtime");
    mkdirSync(units, { recursive: true });
    mkdirSync(runtime, { recursive: true, mode: 0o700 });
    const files = UNITS.map((u) => {
      const f = join(units, `${u}.service`);
      writeFileSync(f, installed(u));
      return f;
    });
    // --user needs a runtime dir; the verification itself is offline
    const r = spawnSync("systemd-analyze", ["--user", "verify", ...files], {
      encoding: "utf8",
      env: { ...process.env, XDG_RUNTIME_DIR: runtime },
    });
    expect(`${r.stdout}${r.stderr}`).toBe("");
    expect(r.status).toBe(0);
  });
  if (!hasAnalyze)
    it.skip("SKIPPED verify: systemd-analyze is not installed here (Debian/Ubuntu: apt-get install systemd)", () => {});

  let serviceUrl = "";
  let home = "";
  let stopService: (() => Promise<number | null>) | undefined;
  beforeAll(async () => {
    await ensureBundle(); // ExecStart runs dist/vigil.js, as after `npm install`
    home = join(dir, "home");
    mkdirSync(home, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await stopService?.();
  });

  it("vigil-serve's ExecStart runs the service: ready, and SIGTERM stops it with 0", async () => {
    const unit = service(installed("vigil-serve"));
    expect(unit.KillMode).toBe("mixed"); // SIGTERM to vigil alone: it stops its own helpers
    const port = await freePort(); // the unit's fixed port may be taken on a test machine
    const [cmd, ...args] = unit.ExecStart!.replace("--port 7711", `--port ${port}`).split(/\s+/);
    const svc = run(cmd!, args, { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home });
    stopService = () => svc.stop("SIGKILL");
    const listening = await svc.line(/^listening on http:\/\//);
    serviceUrl = listening.replace(/^listening on /, "");
    expect(serviceUrl).toBe(`http://127.0.0.1:${port}`);
    const ready = await fetch(`${serviceUrl}/readyz`);
    expect(ready.status).toBe(200);
    // the data dir is the user's default one, the key made there
    const key = readFileSync(join(home, ".local/share/vigil/api-key"), "utf8").trim();
    expect((await api(serviceUrl, key, "GET", "/v1/checks")).body).toEqual([]); // --no-demo

    // the agent unit, with its EnvironmentFile, against this service
    const agentUnit = service(installed("vigil-agent"));
    expect(agentUnit.EnvironmentFile).toBe("%h/.config/vigil/agent.env");
    const loc = await api(serviceUrl, key, "POST", "/v1/private-locations", {
      name: "Unit",
      slugName: "unit",
    });
    expect(loc.status).toBe(201);
    const envFile = join(home, ".config/vigil/agent.env");
    mkdirSync(join(home, ".config/vigil"), { recursive: true });
    writeFileSync(envFile, `VIGIL_AGENT_KEY=${loc.body.keys[0].rawKey}\nVIGIL_BASE_URL=${serviceUrl}\n`, {
      mode: 0o600,
    });
    const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
    for (const l of readFileSync(agentUnit.EnvironmentFile!.replace("%h", home), "utf8").split("\n")) {
      const eq = l.indexOf("=");
      if (eq > 0) env[l.slice(0, eq)] = l.slice(eq + 1);
    }
    const [acmd, ...aargs] = agentUnit.ExecStart!.split(/\s+/);
    const agent = run(acmd!, aargs, env);
    try {
      await agent.line(/for private location unit \(Unit\)/);
      expect(await agent.stop("SIGTERM")).toBe(0);
      expect(agent.lines.at(-1)).toMatch(/stopped$/);
    } finally {
      await agent.stop("SIGKILL");
    }

    expect(await svc.stop("SIGTERM")).toBe(0);
    expect(svc.lines.join("\n")).toContain("SIGTERM, stopping");
  }, 60_000);
});
