/**
 * The mouse and the title over `vigil share`, with the real OpenSSH client in tmux (what a teammate
 * sees): `vigil share --mouse` turns reporting on for a viewer's terminal (tmux, the viewer's terminal
 * here, records it), a real click on a tab and on a row works through ssh, the title carries the failing
 * count; a viewer who says SetEnv=VIGIL_MOUSE=0 gets no reporting; quitting turns it off. A new failure
 * rings the bell only for the viewer who asked (SetEnv=VIGIL_NOTIFY=bell), never for the others.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { NODE, ROOT } from "./support/paths.ts";
import { type Served, serve } from "./support/service.ts";
import { TmuxTerminal } from "./support/tmux.ts";

const SSH = "/usr/bin/ssh";
const canRun = existsSync(SSH) && existsSync("/usr/bin/tmux");

let served: Served;
let target: Server | undefined;
/** What the checks' target answers: 200 until the failure test says 503. */
let answer = 200;
const ids: string[] = [];
let dir: string;
let share: ChildProcess;
let port = 0;
const log: string[] = [];
const terminals: TmuxTerminal[] = [];

function viewer(env: Record<string, string> = {}): TmuxTerminal {
  const setEnv = Object.entries(env).flatMap(([k, v]) => ["-o", `SetEnv=${k}=${v}`]);
  const t = TmuxTerminal.start({
    cols: 100,
    rows: 30,
    argv: [
      SSH,
      "-p",
      String(port),
      "-i",
      join(dir, "viewer"),
      "-o",
      "StrictHostKeyChecking=no",
      "-o",
      "UserKnownHostsFile=/dev/null",
      "-o",
      "LogLevel=ERROR",
      "-o",
      "BatchMode=yes",
      "-o",
      "IdentitiesOnly=yes",
      ...setEnv,
      "-t",
      "127.0.0.1",
    ],
    cwd: dir,
    env: { PATH: "/usr/bin:/bin", HOME: dir, TERM: "xterm-256color", LANG: "C.UTF-8" },
  });
  terminals.push(t);
  return t;
}

/** Trigger one check and wait until its session ends. */
async function runNow(id: string): Promise<void> {
  const { sessions } = await served.api("POST", "/v1/check-sessions/trigger", { target: { checkId: [id] } });
  const sid = sessions[0].checkSessionId as string;
  for (;;) {
    try {
      await served.api("GET", `/v1/check-sessions/${sid}/completion?maxWaitSeconds=20`);
      return;
    } catch (e) {
      if (!String(e).includes("answered 408")) throw e;
    }
  }
}

const flag = (t: TmuxTerminal, name: string) => t.tmux("display-message", "-p", `#{${name}}`).trim();
const lineOf = (screen: string, name: string) => screen.split("\n").findIndex((l) => l.includes(name));
const cursorLine = (screen: string) => screen.split("\n").find((l) => l.startsWith("› ")) ?? "";
const click = (t: TmuxTerminal, x: number, y: number) =>
  t.type(`\u001b[<0;${x + 1};${y + 1}M\u001b[<0;${x + 1};${y + 1}m`);

beforeAll(async () => {
  if (!canRun) return;
  dir = mkdtempSync(join(tmpdir(), "vigil-share-mouse-"));
  target = createServer((_req, res) => {
    res.writeHead(answer, { "content-type": "text/plain" });
    res.end(String(answer));
  });
  await new Promise<void>((r) => target!.listen(0, "127.0.0.1", r));
  const tport = (target.address() as AddressInfo).port;
  served = await serve({ demo: false });
  for (const name of ["Alpha API", "Bravo API", "Charlie API"]) {
    const c = await served.api("POST", "/v1/checks/url", {
      name,
      frequency: 1440,
      locations: ["eu-west-1"],
      request: {
        url: `http://127.0.0.1:${tport}/`,
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: 200 }],
      },
    });
    ids.push(c.id);
  }
  // every check has passed once before a viewer comes
  await Promise.all(ids.map(runNow));
  execFileSync("/usr/bin/ssh-keygen", [
    "-q",
    "-t",
    "ed25519",
    "-N",
    "",
    "-C",
    "viewer",
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
      "--mouse",
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: dir,
        XDG_CONFIG_HOME: join(dir, "config"),
        XDG_DATA_HOME: join(dir, "data"),
        VIGIL_BASE_URL: served.url,
        VIGIL_API_KEY: served.apiKey,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  share.stderr?.on("data", (d: Buffer) => log.push(...d.toString().split("\n").filter(Boolean)));
  port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const t = setTimeout(() => reject(new Error(`vigil share did not start: ${log.join("\n")}`)), 20_000);
    share.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on ssh:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      }
    });
  });
}, 60_000);

afterAll(async () => {
  if (!canRun) return;
  for (const t of terminals) t.kill();
  share?.kill("SIGTERM");
  await served?.stop();
  await new Promise<void>((r) => {
    if (!target?.listening) return r();
    target.closeAllConnections();
    target.close(() => r());
  });
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!canRun)("mouse and title over vigil share", () => {
  it("share --mouse: a viewer's clicks work through ssh (a tab, a row); the title counts; quitting turns reporting off", async () => {
    const t = viewer();
    let screen = await t.waitFor(/^vigil › Overview/m, "the overview", 20_000);
    await until(
      "the viewer's terminal to get mouse reports asked for",
      10_000,
      () => flag(t, "mouse_sgr_flag") === "1",
    );
    await until("the title", 15_000, () => flag(t, "pane_title") === "vigil ✔");
    const header = screen.split("\n")[0] ?? "";
    click(t, header.indexOf(" 1 ") + 1, 0);
    screen = await t.waitFor(
      (s) => /^vigil › Checks/m.test(s) && s.includes("Charlie API"),
      "the checks pane, by a click on its tab",
      20_000,
    );
    expect(cursorLine(screen)).not.toContain("Charlie API");
    click(t, 10, lineOf(screen, "Charlie API"));
    await t.waitFor((s) => cursorLine(s).includes("Charlie API"), "Charlie API selected by a click");
    t.keys("q");
    await t.waitFor(/\[exited 0\]/, "ssh to end");
    expect(flag(t, "mouse_sgr_flag")).toBe("0");
  }, 60_000);

  it("a viewer who says VIGIL_MOUSE=0 gets no reporting, and M turns it on", async () => {
    const t = viewer({ VIGIL_MOUSE: "0" });
    await t.waitFor(/^vigil › Overview/m, "the overview", 20_000);
    await until("the title", 15_000, () => flag(t, "pane_title").startsWith("vigil"));
    expect(flag(t, "mouse_sgr_flag")).toBe("0");
    t.keys("M");
    await until("reporting on after M", 5000, () => flag(t, "mouse_sgr_flag") === "1");
    t.keys("q");
    await t.waitFor(/\[exited 0\]/, "ssh to end");
  }, 60_000);

  it("a new failure: every viewer's title counts it, the bell rings only for the viewer who asked", async () => {
    const asker = viewer({ VIGIL_NOTIFY: "bell" });
    const other = viewer();
    for (const t of [asker, other]) {
      await t.waitFor(/^vigil › Overview/m, "the overview", 20_000);
      await until("the title", 15_000, () => flag(t, "pane_title") === "vigil ✔");
    }
    answer = 503;
    await runNow(ids[0]!);
    for (const t of [asker, other])
      await until("the title vigil ✖ 1", 30_000, () => flag(t, "pane_title") === "vigil ✖ 1");
    const title = "\u001b]0;vigil ✖ 1\u0007";
    /** BELs written after the title that end no OSC. */
    const bells = (t: TmuxTerminal) =>
      (t.raw().toString("utf8").split(title)[1] ?? "")
        .replace(/\u001b\][^\u0007]*\u0007/g, "")
        .split("\u0007").length - 1;
    await until("the asker's bell", 5000, () => bells(asker) === 1);
    // the other viewer's console wrote its title and the bell would follow it at once: none came
    await until("the other's title in its raw output", 5000, () =>
      other.raw().toString("utf8").includes(title),
    );
    expect(bells(other)).toBe(0);
  }, 90_000);
});
