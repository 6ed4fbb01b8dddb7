/**
 * The SSH side of `vigil share` (ssh2; no crypto of our own). Public-key authentication only, against the
 * keys of an authorized_keys file (read at start; passwords and keyboard-interactive are refused). A
 * session gets the console when it asks for a pty and a shell; everything else a client can ask for is
 * refused: exec, subsystems (sftp), port forwarding both ways, agent and X11 forwarding. At most
 * `maxSessions` consoles at once; each login and logout is logged with the key's SHA256 fingerprint.
 */

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import ssh2 from "ssh2";
import type { KeyOverrides } from "../config/keys.ts";
import { buildKeymap } from "../tui/keymap.ts";
import type { Hub } from "./hub.ts";
import { startViewer, type Viewer, type ViewerOptions } from "./viewer.ts";

const { Server, utils } = ssh2;

type PublicKey = { comment: string; ssh: Buffer; key: ssh2.ParsedKey };

/** SHA256 fingerprint as OpenSSH prints it. */
export function fingerprint(publicSsh: Buffer): string {
  return `SHA256:${createHash("sha256").update(publicSsh).digest("base64").replace(/=+$/, "")}`;
}

/** How long `close()` waits for the connections it ended to be gone. */
const CLOSE_GRACE_MS = 3000;

type KeyPair = { private: string; public: string };

/**
 * An ed25519 key pair in OpenSSH's format that ssh2 reads back (the host key `vigil share` makes). ssh2's
 * own generateKeyPairSync drops the public key's leading zero bytes (mscdex/ssh2 issues 1390 and 1513,
 * open in 1.17.0): one pair in 256 comes out with a 31-byte key, and ssh2 cannot read either half — a
 * host key `vigil share` would refuse at every start. Made again until both halves read; `generate`
 * (ssh2's by default) is for the tests.
 */
export function ed25519KeyPair(
  comment: string | undefined,
  generate: (comment: string | undefined) => KeyPair = (c) =>
    utils.generateKeyPairSync("ed25519", c === undefined ? {} : { comment: c }),
): KeyPair {
  // a miss is 1 in 256: eight in a row is a broken generator, not bad luck
  for (let i = 0; i < 8; i++) {
    const pair = generate(comment);
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error))
      return pair;
  }
  throw new Error("ssh2 made no ed25519 key it can read in 8 tries");
}

/** The keys of an authorized_keys file; lines with options or unknown types are skipped (and counted). */
export function readAuthorizedKeys(file: string): { keys: PublicKey[]; skipped: number } {
  const keys: PublicKey[] = [];
  let skipped = 0;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const parsed = utils.parseKey(line);
    if (parsed instanceof Error || Array.isArray(parsed)) {
      skipped++;
      continue;
    }
    keys.push({ comment: parsed.comment || "", ssh: parsed.getPublicSSH(), key: parsed });
  }
  return { keys, skipped };
}

export type ShareServerOptions = Omit<ViewerOptions, "channel" | "pty" | "env" | "hub" | "keymap"> & {
  hub: Hub;
  /** The config file's keys section and the file, checked here (a clash throws its one line). */
  keys?: { overrides: KeyOverrides; source: string } | undefined;
  hostKey: string | Buffer;
  authorizedKeys: PublicKey[];
  maxSessions: number;
  log(line: string): void;
};

export type ShareServer = {
  listen(port: number, host: string): Promise<{ port: number }>;
  readonly sessions: number;
  close(): Promise<void>;
};

export function createShareServer(o: ShareServerOptions): ShareServer {
  // every viewer's keys: the bindings' own with the config's keys section, checked before anything listens
  const keymap = o.keys ? buildKeymap(o.keys.overrides, o.keys.source) : undefined;
  const viewers = new Set<Viewer>();
  // every connection, with a console or not (one mid-handshake, `ssh -N`): ended at close
  const clients = new Set<ssh2.Connection>();
  const server = new Server({ hostKeys: [o.hostKey], ident: "vigil-share" }, (client, info) => {
    clients.add(client);
    client.on("close", () => clients.delete(client));
    let who = "";
    const from = `${info.ip}:${info.port}`;
    client.on("authentication", (ctx) => {
      if (ctx.method !== "publickey") return ctx.reject(["publickey"]);
      const match = o.authorizedKeys.find((k) => k.ssh.equals(ctx.key.data));
      if (!match) return ctx.reject(["publickey"]);
      // without a signature the client only asks whether this key would do; with one, it proves it holds it
      if (
        ctx.signature &&
        match.key.verify(ctx.blob ?? Buffer.alloc(0), ctx.signature, ctx.hashAlgo) !== true
      )
        return ctx.reject(["publickey"]);
      if (ctx.signature)
        who = `${ctx.username}@${from} key ${fingerprint(match.ssh)}${match.comment ? ` (${match.comment})` : ""}`;
      ctx.accept();
    });
    client.on("ready", () => {
      o.log(`login ${who}`);
      client.on("session", (accept) => {
        const session = accept();
        let pty: ViewerOptions["pty"] | undefined;
        const env: Record<string, string> = {};
        let viewer: Viewer | undefined;
        session.on("pty", (ok, _no, p) => {
          pty = { cols: p.cols || 80, rows: p.rows || 24, term: p.term || "xterm" };
          ok?.();
        });
        session.on("env", (ok, _no, e) => {
          // what a viewer may ask for: no colour, and (ssh -o SetEnv=…) the mouse and notifications
          if (["NO_COLOR", "COLORTERM", "VIGIL_MOUSE", "VIGIL_NOTIFY"].includes(e.key)) env[e.key] = e.val;
          ok?.();
        });
        session.on("window-change", (ok, _no, w) => {
          viewer?.resize(w.cols, w.rows);
          ok?.();
        });
        session.on("shell", (ok) => {
          const channel = ok();
          if (!pty) {
            channel.stderr.write("vigil share needs a terminal: connect with ssh -t\r\n");
            channel.exit(1);
            channel.end();
            return;
          }
          if (viewers.size >= o.maxSessions) {
            channel.stderr.write(`vigil share: ${o.maxSessions} viewers already; try again later\r\n`);
            channel.exit(1);
            channel.end();
            o.log(`refused ${who}: ${o.maxSessions} viewers already`);
            return;
          }
          const v = startViewer({ ...o, keymap, channel, pty, env });
          viewer = v;
          viewers.add(v);
          const closeViewer = () => void v.close();
          channel.on("close", closeViewer);
          v.ended.then((why) => {
            viewers.delete(v);
            if (why === "idle") channel.stderr.write("\r\nvigil share: closed after no key for a while\r\n");
            channel.exit(0);
            channel.end();
            o.log(
              `session of ${who} ended (${why}${v.output.dropped ? `, ${v.output.dropped} frames dropped` : ""}), viewers ${viewers.size}`,
            );
          });
          o.log(
            `session of ${who} ${pty.cols}×${pty.rows} ${pty.term}, viewers ${viewers.size}/${o.maxSessions}`,
          );
        });
        // a console, nothing else: no commands, no sftp, no forwarding
        session.on("exec", (_ok, no) => no?.());
        session.on("subsystem", (_ok, no) => no?.());
        session.on("auth-agent", (_ok, no) => no?.());
        session.on("x11", (_ok, no) => no?.());
        session.on("signal", (ok) => ok?.());
      });
      client.on("tcpip", (_ok, no) => no());
      client.on("openssh.streamlocal", (_ok, no) => no());
      client.on("request", (_ok, no) => no?.());
    });
    client.on("close", () => {
      if (who) o.log(`logout ${who}`);
    });
    client.on("error", () => undefined); // a client that drops mid-handshake: its "close" follows
  });

  return {
    get sessions() {
      return viewers.size;
    },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve({ port: (server.address() as { port: number }).port });
        });
      });
    },
    async close() {
      // the consoles first (each viewer's terminal given back, its exit status sent), then every
      // connection: the server's close waits for them all, and a client is not bound to leave when its
      // console ended (ssh2's own does not; one with no console never would). One that does not answer
      // the disconnect is not waited for past CLOSE_GRACE_MS: the process ends it when it exits.
      await Promise.all([...viewers].map((v) => v.close()));
      // each connection's own close (its logout logged), not only the server's: that comes first
      const closed = Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        ...[...clients].map((c) => new Promise<void>((resolve) => c.once("close", () => resolve()))),
      ]);
      for (const c of clients) c.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, CLOSE_GRACE_MS)))]);
      clearTimeout(timer);
    },
  };
}
