/** A real local SMTP server (smtp-server) that records every message, for EMAIL channel tests. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Mail = { from: string; to: string[]; raw: string; user: string | undefined };

/** The raw message with quoted-printable soft breaks and escapes undone (enough to assert on the text). */
function decodeQp(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\r?\n[ \t]+/g, " ");
}

/**
 * How slow the server is in its n-th session (0-based): `envelopeMs` before it accepts a recipient (the
 * message has not been sent yet), `answerMs` between receiving a whole message (kept at once) and its answer.
 */
export type Slowness = (session: number) => { envelopeMs?: number; answerMs?: number };

export async function startSmtp(slow: Slowness = () => ({})): Promise<{
  url: string;
  mails: Mail[];
  /** Sessions opened, and closed (a closed session can deliver nothing more). */
  sessions(): { opened: number; closed: number };
  close(): Promise<void>;
}> {
  const mails: Mail[] = [];
  let sessions = 0;
  let closed = 0;
  const nth = new Map<string, number>();
  const of = (session: { id: string }) => slow(nth.get(session.id) ?? 0);
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === "mailer" && auth.password === "pw") cb(null, { user: auth.username });
      else cb(new Error("bad credentials"));
    },
    onConnect(session, cb) {
      nth.set(session.id, sessions++);
      cb();
    },
    onClose(_session, cb) {
      closed++;
      cb?.();
    },
    onRcptTo(_address, session, cb) {
      const ms = of(session).envelopeMs ?? 0;
      if (ms > 0) setTimeout(() => cb(), ms);
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQp(Buffer.concat(chunks).toString("utf8")),
          user: session.user as string | undefined,
        });
        const ms = of(session).answerMs ?? 0;
        if (ms > 0) setTimeout(() => cb(), ms);
        else cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://mailer:pw@127.0.0.1:${port}`,
    mails,
    sessions: () => ({ opened: sessions, closed }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
