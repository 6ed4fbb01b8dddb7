/**
 * EMAIL channels (and status-page subscriber mail) over SMTP with nodemailer's SMTP connection. The server
 * comes from VIGIL_SMTP_URL (e.g. `smtp://user:pass@host:587`, `smtps://...` for implicit TLS; query options
 * as nodemailer reads them) and the sender from VIGIL_SMTP_FROM; without a URL every EMAIL delivery is
 * recorded SKIPPED. One connection per attempt.
 *
 * An attempt that has no answer within the attempt timeout (or is stopped with the service) is cancelled:
 * the connection is closed. SMTP commits a message only when the server has the end of its data (the lone
 * "." line), so what that guarantees depends on how far the attempt got:
 * - before the message data went out (connecting, greeting, login, envelope, DATA not yet accepted), the
 *   server cannot have the message: a failed attempt, retried;
 * - once the message data went out and no answer came (a slow server, a cut connection), the server may
 *   have taken it — closing cannot take that back, so the attempt is `uncertain`: not retried, recorded as a
 *   failure that says so. One alert mail at most, never a duplicate from a retry.
 * An SMTP error answer (4xx/5xx) is always a failed attempt, retried.
 */
import { Readable } from "node:stream";
import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { errorMessage } from "../../../shared/errors.ts";
import { DELIVERY_ID_HEADER } from "../../../shared/webhook/sign.ts";
import { mailAddressSetting, urlSetting } from "../settings.ts";
import type { SendContext, SendResult } from "./types.ts";
import { channelTransport, str } from "./types.ts";

export type MailPayload = { to: string; subject: string; text: string };

/** nodemailer's parts, loaded on the first mail, not at every service start. */
async function mailer() {
  const [conn, composer, shared] = await Promise.all([
    import("nodemailer/lib/smtp-connection"),
    import("nodemailer/lib/mail-composer"),
    import("nodemailer/lib/shared"),
  ]);
  return {
    SMTPConnection: conn.default,
    MailComposer: composer.default,
    parseUrl: shared.parseConnectionUrl,
  };
}

const settings = {
  smtpUrl: urlSetting({
    env: "VIGIL_SMTP_URL",
    schemes: ["smtp:", "smtps:"],
    doc: "EMAIL transport, e.g. smtp://user:pass@host:587",
    shownDefault: "none → EMAIL SKIPPED",
  }),
  smtpFrom: mailAddressSetting({ env: "VIGIL_SMTP_FROM", default: "vigil@localhost", doc: "sender address" }),
};

export const NO_SMTP = `EMAIL transport not configured (set ${settings.smtpUrl.env})`;

type Outcome = { ok: true; response: string } | { ok: false; error: string; uncertain: boolean };

export async function sendMail(mail: MailPayload, ctx: SendContext<typeof settings>): Promise<SendResult> {
  const url = ctx.config.smtpUrl;
  if (!url) return { ok: false, error: NO_SMTP };
  const ms = ctx.config.attemptTimeoutMs;
  let outcome: Outcome;
  try {
    const { SMTPConnection, MailComposer, parseUrl } = await mailer();
    const message = new MailComposer({
      from: ctx.config.smtpFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: { [DELIVERY_ID_HEADER]: ctx.deliveryId },
    }).compile();
    const raw = await message.build();
    const { auth: given, ...server } = parseUrl(url);
    // a user and password from the URL (smtp://user:pass@host); nodemailer's URL parser gives no other kind
    const auth =
      given &&
      "user" in given &&
      typeof given.user === "string" &&
      "pass" in given &&
      typeof given.pass === "string"
        ? { user: given.user, pass: given.pass }
        : undefined;
    const conn = new SMTPConnection({
      ...server,
      connectionTimeout: ms,
      greetingTimeout: ms,
      socketTimeout: ms,
    });
    outcome = await new Promise<Outcome>((resolve) => {
      // set when nodemailer starts reading the message, i.e. after the server accepted DATA: from here on
      // the end of the data may reach the server at any moment
      let dataSent = false;
      const body = new Readable({
        read() {
          dataSent = true;
          this.push(raw);
          this.push(null);
        },
      });
      let done = false;
      const finish = (o: Outcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        ctx.signal.removeEventListener("abort", onAbort);
        conn.close();
        resolve(o);
      };
      const fail = (why: string, err?: unknown) => {
        // an error answer from the server means it refused the message; anything else after the data
        // went out leaves it unknown whether the server kept it
        const code =
          typeof err === "object" && err !== null && "responseCode" in err ? err.responseCode : undefined;
        const refused = typeof code === "number" && code >= 400;
        finish({ ok: false, error: why, uncertain: dataSent && !refused });
      };
      const onAbort = () => fail("interrupted: the service stopped during the attempt");
      const timer = setTimeout(() => fail(`no answer within ${ms} ms`), ms);
      ctx.signal.addEventListener("abort", onAbort, { once: true });
      if (ctx.signal.aborted) return onAbort();
      conn.on("error", (err: Error) => fail(err.message, err));
      const send = () =>
        conn.send(message.getEnvelope(), body, (err, info) => {
          if (err) fail(err.message, err);
          else finish({ ok: true, response: String(info?.response ?? "accepted") });
        });
      conn.connect((err) => {
        if (err) return fail(err.message, err);
        if (auth && conn.allowsAuth) conn.login(auth, (e) => (e ? fail(e.message, e) : send()));
        else send();
      });
    });
  } catch (err) {
    outcome = { ok: false, error: errorMessage(err), uncertain: false };
  }
  if (outcome.ok) return { ok: true, info: `SMTP ${outcome.response}`.slice(0, 200) };
  if (outcome.uncertain)
    return {
      ok: false,
      uncertain: true,
      error:
        `SMTP: ${outcome.error} after the message was sent — it may have been delivered; not retried, so it is never sent twice`.slice(
          0,
          300,
        ),
    };
  return { ok: false, error: `SMTP error: ${outcome.error}`.slice(0, 300) };
}

function alertMailText(v: Record<string, unknown>): string {
  const lines = [
    String(v.ALERT_TITLE ?? ""),
    "",
    `Check: ${String(v.CHECK_NAME ?? "")} (${String(v.CHECK_TYPE ?? "")}, ${String(v.CHECK_ID ?? "")})`,
    `Alert: ${String(v.ALERT_TYPE ?? "")}`,
  ];
  if (v.RUN_LOCATION) lines.push(`Location: ${String(v.RUN_LOCATION)}`);
  if (v.RESPONSE_TIME !== null && v.RESPONSE_TIME !== undefined)
    lines.push(`Response time: ${String(v.RESPONSE_TIME)} ms`);
  if (v.CHECK_ERROR_MESSAGE) lines.push(`Error: ${String(v.CHECK_ERROR_MESSAGE)}`);
  if (v.STARTED_AT) lines.push(`Started: ${String(v.STARTED_AT)}`);
  if (v.RESULT_LINK) lines.push(`Result: ${String(v.RESULT_LINK)}`);
  if (v.SSL_CHECK_DOMAIN)
    lines.push(`Domain: ${String(v.SSL_CHECK_DOMAIN)} (${String(v.SSL_DAYS_REMAINING)} days left)`);
  return `${lines.join("\n")}\n`;
}

export const emailTransport = channelTransport(CHANNEL_TYPE_SPECS.EMAIL, {
  settings,
  prepare(config, ctx) {
    if (!ctx.config.smtpUrl) return { kind: "skip", reason: NO_SMTP };
    const to = config.address ?? "";
    if (!to) return { kind: "skip", reason: "EMAIL channel has no address" };
    const mail: MailPayload = {
      to,
      subject: String(ctx.variables.ALERT_TITLE ?? "vigil alert"),
      text: alertMailText(ctx.variables),
    };
    return { kind: "ready", payload: mail };
  },
  send(payload, ctx) {
    return sendMail({ to: str(payload.to), subject: str(payload.subject), text: str(payload.text) }, ctx);
  },
});
