/**
 * `vigil share` takes the connection flags every command takes (issue 28: `--base-url … --api-key …` was
 * refused as an unknown option) and `--idle-minutes 0` keeps an idle viewer open (a wall display). The
 * real program against a scripted service, a viewer logged in with an ssh2 client. And its host key: one
 * ssh2 reads back, always (ssh2's own ed25519 keys are unreadable one time in 256).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ssh2 from "ssh2";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parseShareArgs } from "../../src/cli/share.ts";
import { ed25519KeyPair } from "../../src/share/server.ts";
import { idleWatch } from "../../src/share/viewer.ts";
import { ScriptedServer } from "../support/scripted-server.ts";
import { until } from "../support/until.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const NODE = join(ROOT, "node_modules/.bin/node");
const KEY = "sk_share_flags_0123456789abcdef";

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe("vigil share's flags", () => {
  it("are parsed by the one parser: the connection flags, --idle-minutes 0 (never)", () => {
    const a = parseShareArgs([
      "--base-url",
      "https://monitor.example",
      "--api-key",
      KEY,
      "--account",
      "acc-1",
      "--profile",
      "prod",
      "--idle-minutes",
      "0",
      "--listen",
      "[::1]:0",
    ]);
    expect(a).toMatchObject({ idleMinutes: 0, profile: "prod", host: "::1", port: 0 });
    expect(() => parseShareArgs(["--idle-minutes", "1441"])).toThrow(
      "--idle-minutes must be an integer 0-1440",
    );
    expect(() => parseShareArgs(["extra"])).toThrow('unexpected argument "extra"');
  });

  it("the idle rule: 0 never closes a viewer; N minutes closes it N minutes after its last key", () => {
    vi.useFakeTimers();
    try {
      let never = 0;
      let closed = 0;
      idleWatch(0, () => never++).arm();
      const w = idleWatch(5 * 60_000, () => closed++);
      w.arm();
      vi.advanceTimersByTime(4 * 60_000);
      w.arm(); // a key
      vi.advanceTimersByTime(4 * 60_000);
      expect(closed).toBe(0);
      vi.advanceTimersByTime(60_000);
      expect(closed).toBe(1);
      vi.advanceTimersByTime(30 * 86_400_000);
      expect(never).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the real program: --base-url/--api-key/--account reach the service; an idle viewer stays with --idle-minutes 0; SIGTERM ends every connection, exit 0", async () => {
    const srv = await new ScriptedServer().start();
    cleanup.push(() => srv.close());
    srv.always({ json: [] });
    const dir = mkdtempSync(join(tmpdir(), "vigil-share-flags-"));
    const viewerKey = ed25519KeyPair(undefined);
    writeFileSync(join(dir, "authorized_keys"), `${viewerKey.public}\n`);
    const child: ChildProcess = spawn(
      NODE,
      [
        join(ROOT, "src/cli/main.ts"),
        "share",
        "--base-url",
        srv.url,
        "--api-key",
        KEY,
        "--account",
        "acc-1",
        "--listen",
        "127.0.0.1:0",
        "--authorized-keys",
        join(dir, "authorized_keys"),
        "--idle-minutes",
        "0",
      ],
      {
        cwd: ROOT,
        // nothing from the environment: the flags alone say where the service is
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, XDG_DATA_HOME: join(dir, "data") },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    cleanup.push(() => child.kill("SIGKILL"));
    // the whole line: its port's digits all there
    const listening = /listening on ssh:\/\/127\.0\.0\.1:(\d+)\n/;
    await until("the listening line", 20_000, () => listening.test(out) || child.exitCode !== null);
    expect({ exitCode: child.exitCode, err }).toEqual({
      exitCode: null,
      err: expect.not.stringMatching(/unknown option/),
    });
    const port = Number(listening.exec(out)?.[1]);

    /** A client logged in as a viewer; `gone` once the connection is closed (by either side). */
    const login = async () => {
      const c = new ssh2.Client();
      cleanup.push(() => c.end());
      const gone = new Promise<void>((r) => c.on("close", () => r()));
      await new Promise<void>((ready, fail) => {
        c.on("ready", () => ready()).on("error", fail);
        c.connect({ host: "127.0.0.1", port, username: "viewer", privateKey: viewerKey.private });
      });
      return { c, gone };
    };
    const conn = await login();
    let closed = false;
    await new Promise<void>((opened, fail) => {
      conn.c.shell({ term: "xterm-256color", cols: 100, rows: 30 }, (e, stream) => {
        if (e) return fail(e);
        stream.on("data", () => undefined);
        stream.on("close", () => {
          closed = true;
        });
        opened();
      });
    });
    // the viewer's screen makes the hub read the service: with the flags' key and account
    await until("the hub's first read", 20_000, () => srv.requests.some((r) => r.path === "/v1/checks"));
    const read = srv.requests.find((r) => r.path === "/v1/checks");
    expect(read?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(read?.headers["x-service-account"]).toBe("acc-1");
    // the data drawn, no key typed: still open (the idle rule itself is the test above)
    await until("the viewer's reads", 20_000, () => srv.requests.length >= 3);
    expect(closed).toBe(false);
    expect(err).not.toContain(KEY);
    // SIGTERM with the viewer still connected, and a client logged in without a console (`ssh -N`): the
    // program ends both connections (neither client leaves by itself) and exits 0
    const idle = await login();
    child.kill("SIGTERM");
    await until(
      "vigil share to exit after SIGTERM",
      20_000,
      () => child.exitCode !== null || child.signalCode,
    );
    const code = await exited;
    expect({ code, signal: child.signalCode, err: code === 0 ? "" : err }).toEqual({
      code: 0,
      signal: null,
      err: "",
    });
    await Promise.all([conn.gone, idle.gone]);
    expect(closed).toBe(true);
    // ended by the program before it exited (not cut by its exit): each one's logout logged
    expect(err.match(/ vigil share: logout viewer@/g), err).toHaveLength(2);
    // its log is text: no terminal control (the viewers' cursor was hidden on their channels, not here)
    expect(JSON.stringify(err.match(/\x1b\S*/g) ?? [])).toBe("[]");
  }, 60_000);
});

/** A key pair ssh2's generator makes that ssh2 cannot read (one in 256 has a public key 31 bytes long). */
function unreadablePair(): { private: string; public: string } {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync("ed25519");
    if (ssh2.utils.parseKey(pair.private) instanceof Error) return pair;
  }
}

describe("vigil share's host key", () => {
  it("is made again when ssh2's generator gives one it cannot read back", () => {
    const bad = unreadablePair();
    expect(ssh2.utils.parseKey(bad.private)).toBeInstanceOf(Error);
    const made: string[] = [];
    const pair = ed25519KeyPair("vigil share host key", (comment) => {
      const p = made.length === 0 ? bad : ssh2.utils.generateKeyPairSync("ed25519", { comment });
      made.push(p.private);
      return p;
    });
    expect(made).toHaveLength(2);
    expect(pair.private).toBe(made[1]);
    const parsed = ssh2.utils.parseKey(pair.private);
    expect(parsed).not.toBeInstanceOf(Error);
    expect(Array.isArray(parsed) ? undefined : (parsed as ssh2.ParsedKey).comment).toBe(
      "vigil share host key",
    );
    // a generator that never gives a readable one: an error, not a loop
    expect(() => ed25519KeyPair(undefined, () => bad)).toThrow("no ed25519 key it can read");
  });

  it("every key made reads back (ssh2's own: ~4 in 1,000 do not)", () => {
    let unreadable = 0;
    for (let i = 0; i < 1000; i++) {
      const pair = ed25519KeyPair(undefined);
      if (
        ssh2.utils.parseKey(pair.private) instanceof Error ||
        ssh2.utils.parseKey(pair.public) instanceof Error
      )
        unreadable++;
    }
    expect(unreadable).toBe(0);
  });

  it("an unreadable host key file is one line naming it and what to do, exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-share-hostkey-"));
    const viewer = ed25519KeyPair(undefined);
    writeFileSync(join(dir, "authorized_keys"), `${viewer.public}\n`);
    const hostKey = join(dir, "host_key");
    writeFileSync(hostKey, unreadablePair().private, { mode: 0o600 });
    const child = spawn(
      NODE,
      [
        join(ROOT, "src/cli/main.ts"),
        "share",
        "--base-url",
        "http://127.0.0.1:9",
        "--api-key",
        KEY,
        "--listen",
        "127.0.0.1:0",
        "--authorized-keys",
        join(dir, "authorized_keys"),
        "--host-key",
        hostKey,
      ],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, XDG_DATA_HOME: join(dir, "data") },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    cleanup.push(() => child.kill("SIGKILL"));
    let err = "";
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
    expect({ code, err }).toEqual({
      code: 2,
      err: expect.stringMatching(
        new RegExp(
          `^vigil: the share host key ${hostKey} cannot be read \\(.+\\); if vigil share made it, remove it and a new one is made\n$`,
        ),
      ),
    });
  });
});
