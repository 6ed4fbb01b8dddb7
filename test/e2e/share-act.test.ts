/**
 * End-to-end: the act keys over `vigil share` with the real OpenSSH client in a tmux terminal — `y` copies
 * to the VIEWER's clipboard (the OSC 52 sequence travels on the viewer's own SSH channel: the viewer's
 * tmux, with `set-clipboard on`, takes it into its paste buffer), `o` shows the link and starts no browser,
 * `m` is refused (a viewer is read-only) and nothing is written to the service.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { NODE, ROOT } from "./support/paths.ts";
import { type RecordingProxy, recordingProxy } from "./support/recording-proxy.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import { TmuxTerminal } from "./support/tmux.ts";

const SSH = "/usr/bin/ssh";
const canRun = existsSync(SSH) && existsSync("/usr/bin/tmux") && existsSync("/usr/bin/ssh-keygen");

let served: Served;
let proxy: RecordingProxy;
let dir: string;
let share: ChildProcess | undefined;
let check: Json;
const log: string[] = [];
let viewer: TmuxTerminal | undefined;

beforeAll(async () => {
  if (!canRun) return;
  dir = mkdtempSync(join(tmpdir(), "vigil-share-act-"));
  served = await serve({ demo: false });
  check = await served.api("POST", "/v1/checks/url", {
    name: "Storefront",
    locations: ["eu-west-1"],
    request: { url: "http://127.0.0.1:9/" },
  });
  proxy = await recordingProxy(served.url);
  execFileSync("/usr/bin/ssh-keygen", [
    "-q",
    "-t",
    "ed25519",
    "-N",
    "",
    "-C",
    "v",
    "-f",
    join(dir, "viewer"),
  ]);
  execFileSync("/bin/sh", ["-c", `cat ${join(dir, "viewer.pub")} > ${join(dir, "authorized_keys")}`]);
  share = spawn(
    NODE,
    [
      join(ROOT, "src/cli/main.ts"),
      "share",
      "--listen",
      "127.0.0.1:0",
      "--authorized-keys",
      join(dir, "authorized_keys"),
      "--idle-minutes",
      "5",
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: dir,
        XDG_CONFIG_HOME: join(dir, "config"),
        XDG_DATA_HOME: join(dir, "data"),
        VIGIL_BASE_URL: proxy.url,
        VIGIL_API_KEY: served.apiKey,
        // a web link and a display on the server: a viewer's o must still not start a browser there
        VIGIL_WEB_URL: "https://app.example.com/checks/{checkId}",
        DISPLAY: ":99",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  share.stderr?.on("data", (d: Buffer) => log.push(...d.toString().split("\n").filter(Boolean)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const t = setTimeout(() => reject(new Error(`vigil share did not start: ${log.join("\n")}`)), 20_000);
    share?.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on ssh:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      }
    });
  });
  viewer = TmuxTerminal.start({
    cols: 120,
    rows: 36,
    argv: [
      SSH,
      ...["-p", String(port), "-i", join(dir, "viewer")],
      ...["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"],
      ...["-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-t", "127.0.0.1"],
    ],
    cwd: dir,
    env: { PATH: "/usr/bin:/bin", HOME: dir, TERM: "xterm-256color", LANG: "C.UTF-8" },
  });
}, 60_000);

afterAll(async () => {
  if (!canRun) return;
  viewer?.kill();
  share?.kill("SIGTERM");
  await proxy?.close();
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!canRun)("act keys over vigil share", () => {
  it("y copies to the viewer's clipboard; o shows the link; m is refused; nothing is written", async () => {
    const t = viewer!;
    t.tmux("set-option", "-g", "set-clipboard", "on");
    await t.waitFor("READ-ONLY", "the viewer's console", 20_000);
    t.keys("1");
    await t.waitFor("Storefront", "the check");
    t.keys("y");
    await t.waitFor("Copy (Storefront)", "the copy menu");
    t.keys("i");
    await t.waitFor(/copied check id \(36 bytes\) to the clipboard via OSC 52/, "the notice");
    // the viewer's terminal (tmux) received it on the SSH channel
    const buffer = () => {
      try {
        return t.tmux("show-buffer");
      } catch {
        return ""; // no buffer yet
      }
    };
    await until("the tmux buffer", 5000, () => buffer() === check.id, 50).catch(() => undefined);
    expect(buffer()).toBe(check.id);

    t.keys("o");
    const box = await t.waitFor(
      "not opened (over vigil share the browser would open on the server)",
      "the link",
    );
    expect(box).toContain(`https://app.example.com/checks/${check.id}`);
    t.keys("Escape");
    await t.waitFor((s) => !s.includes("not opened"), "the box closed");

    t.keys("m");
    await t.waitFor("read-only: muting checks is disabled", "the refusal");
    expect(proxy.requests.filter((r) => r.method !== "GET")).toEqual([]);
  }, 60_000);
});
