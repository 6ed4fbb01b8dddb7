/**
 * EMAIL channels (and status-page subscriber mail) over SMTP with nodemailer. The transport comes from
 * VIGIL_SMTP_URL (e.g. `smtp://user:pass@host:587`, `smtps://...` for implicit TLS) and the sender from
 * VIGIL_SMTP_FROM; without a URL every EMAIL delivery is recorded SKIPPED. Transports are cached per alerting module.
 * An SMTP error or no answer within the attempt timeout is a failed (retried) attempt.
 */
import type { Transporter } from "nodemailer";
import { DELIVERY_ID_HEADER } from "../../../shared/webhook/sign.ts";
import type { AlertingConfig } from "../config.ts";
import type { ChannelTransport, SendContext, SendResult } from "./types.ts";
import { str } from "./types.ts";

export type MailPayload = { to: string; subject: string; text: string };

/** One transport per alerting module (its config object), so two services in one process never share. */
const transports = new WeakMap<AlertingConfig, Transporter>();

async function transportFor(cfg: AlertingConfig): Promise<Transporter | undefined> {
  if (!cfg.smtpUrl) return undefined;
  let t = transports.get(cfg);
  if (!t) {
    // loaded on the first mail, not at every service start
    const { default: nodemailer } = await import("nodemailer");
    t = transports.get(cfg);
    if (t) return t;
    t = nodemailer.createTransport({
      url: cfg.smtpUrl,
      connectionTimeout: cfg.attemptTimeoutMs,
      greetingTimeout: cfg.attemptTimeoutMs,
      socketTimeout: cfg.attemptTimeoutMs,
    });
    transports.set(cfg, t);
  }
  return t;
}

/** Closes the module's transport (service stop). */
export function closeMailTransport(cfg: AlertingConfig): void {
  transports.get(cfg)?.close();
  transports.delete(cfg);
}

/** Rejects when the attempt timeout passes or the service stops, whichever comes first. */
function withDeadline<T>(p: Promise<T>, ctx: SendContext): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const ms = ctx.config.attemptTimeoutMs;
    const onAbort = () =>
      finish(() => reject(new Error("interrupted: the service stopped during the attempt")));
    const timer = setTimeout(() => finish(() => reject(new Error(`no answer within ${ms} ms`))), ms);
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    function finish(fn: () => void) {
      clearTimeout(timer);
      ctx.signal.removeEventListener("abort", onAbort);
      fn();
    }
    p.then(
      (v) => finish(() => resolve(v)),
      (e) => finish(() => reject(e)),
    );
  });
}

export const NO_SMTP = "EMAIL transport not configured (set VIGIL_SMTP_URL)";

export async function sendMail(mail: MailPayload, ctx: SendContext): Promise<SendResult> {
  const t = await transportFor(ctx.config);
  if (!t) return { ok: false, error: NO_SMTP };
  try {
    const info = await withDeadline(
      t.sendMail({
        from: ctx.config.smtpFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: { [DELIVERY_ID_HEADER]: ctx.deliveryId },
      }),
      ctx,
    );
    return {
      ok: true,
      info: `SMTP ${String((info as { response?: string }).response ?? "accepted")}`.slice(0, 200),
    };
  } catch (err) {
    const e = err as { responseCode?: number; message?: string };
    return { ok: false, error: `SMTP error: ${e.message ?? String(err)}`.slice(0, 300) };
  }
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

export const emailTransport: ChannelTransport = {
  type: "EMAIL",
  prepare(channel, ctx) {
    if (!ctx.config.smtpUrl) return { kind: "skip", reason: NO_SMTP };
    const to = str(channel.config.address);
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
};
