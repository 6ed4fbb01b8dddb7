/**
 * The lines of an alert channel's detail, pure (tests call it without Ink): flags, config (secrets masked
 * unless revealed), subscriptions with check names, and — for a type with a preview (its file under
 * src/contract/channel-types/: a WEBHOOK's request) — what a delivery of the chosen alert type would send,
 * made with the service's own webhook renderer (the one behind `vigil webhook render`), a sample alert and
 * the account's non-secret variables. A new channel type needs nothing here.
 */
import type { ChannelDetailLine } from "../../../contract/channel-type-def.ts";
import { channelPreview, hasPreview, maskAlertChannel } from "../../../contract/channel-types.ts";
import type { AlertChannel } from "../../../contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../../contract/schemas/alert-notifications.ts";
import type { Check } from "../../../contract/schemas/checks.ts";
import { toEpochMs } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { clockTime } from "../../../store/triage/timeline.ts";
import { alertWords, deliveryOutcome } from "../checks/history-lines.ts";
import type { RendererState } from "./webhook-preview.ts";

export type DetailLine = ChannelDetailLine;

const yes = (b: boolean | null | undefined) => (b ? "yes" : "no");

/** The deliveries list as the store holds it. */
export type DeliveriesHeld = {
  items: readonly AlertNotification[];
  loadedAt: number | undefined;
  error?: string | undefined;
};

/** How many of the channel's newest deliveries its detail shows. */
const DELIVERIES_SHOWN = 8;

/**
 * `Deliveries (the newest held)`, then one line each: `00:45  failure  Checkout API  eu-west-1  ✖ failed
 * (3 tries: HTTP 502)`. Opened from the overview's "alert delivery trouble", this is the why.
 */
function deliveryLines(c: AlertChannel, held: DeliveriesHeld, now: number): DetailLine[] {
  const out: DetailLine[] = [{ text: "Deliveries (the newest of the last 24 h)", tone: "head" }];
  if (held.loadedAt === undefined) {
    out.push(
      held.error
        ? { text: `  ✖ ${sanitizeLine(held.error)}`, tone: "error" }
        : { text: "  loading…", tone: "dim" },
    );
    return out;
  }
  const own = held.items.filter((d) => d.alertChannelId === c.id);
  if (own.length === 0) {
    out.push({ text: `  none among the ${held.items.length} newest deliveries held`, tone: "dim" });
    return out;
  }
  for (const d of own.slice(0, DELIVERIES_SHOWN)) {
    const at = toEpochMs(d.timestamp);
    const when = Number.isFinite(at) ? clockTime(at, now) : "not recorded";
    const what = [when, alertWords(d.alertType), d.checkName ?? d.checkId ?? "—", d.runLocation ?? "—"]
      .map((x) => sanitizeLine(String(x)))
      .join("  ");
    const bad = d.status === "FAILURE" || d.status === "RATE_LIMITED";
    out.push({ text: `  ${what}  ${sanitizeLine(deliveryOutcome(d))}`, tone: bad ? "error" : undefined });
  }
  if (own.length > DELIVERIES_SHOWN)
    out.push({ text: `  … ${own.length - DELIVERIES_SHOWN} older`, tone: "dim" });
  return out;
}

export function alertChannelLines(
  c: AlertChannel,
  opts: {
    revealed: boolean;
    alertType: string;
    checks: ReadonlyMap<string, Check>;
    now: number;
    /** The account's non-secret variables (user-defined template variables). */
    variables?: Readonly<Record<string, string>> | undefined;
    /** The webhook renderer (webhook-preview.ts); until it is loaded, or when it could not be, the preview says so. */
    renderer: RendererState;
    /**
     * The deliveries held (the newest of the last 24 h, newest first: the overview's delivery trouble is
     * read from them), for the channel's own: what it was last asked to send and how that went.
     */
    deliveries?: DeliveriesHeld | undefined;
  },
): DetailLine[] {
  const out: DetailLine[] = [];
  const shown = (opts.revealed ? c : maskAlertChannel(c)) as { config?: Record<string, unknown> };
  out.push({
    text: `sends: failure ${yes(c.sendFailure)} · recovery ${yes(c.sendRecovery)} · degraded ${yes(c.sendDegraded)} · SSL ${c.sslExpiry ? `yes (from ${c.sslExpiryThreshold ?? "?"} days)` : "no"}${c.autoSubscribe ? " · auto-subscribe" : ""}`,
  });
  out.push({
    text: `Config${opts.revealed ? " (SECRETS SHOWN — v hides them)" : " (secrets masked)"}`,
    tone: "head",
  });
  for (const [k, v] of Object.entries(shown.config ?? {})) {
    if (k === "template" && typeof v === "string") {
      out.push({ text: `  config.template (${v.split("\n").length} lines)` });
      continue;
    }
    out.push({
      text: `  config.${sanitizeLine(k)}  ${sanitizeLine(typeof v === "string" ? v : JSON.stringify(v))}`,
    });
  }
  if (opts.deliveries) out.push(...deliveryLines(c, opts.deliveries, opts.now));
  const subs = c.subscriptions ?? [];
  out.push({ text: `Subscriptions (${subs.length})`, tone: "head" });
  if (subs.length === 0) out.push({ text: "  none", tone: "dim" });
  for (const s of subs) {
    const name = s.checkId ? (opts.checks.get(s.checkId)?.name ?? s.checkId) : `group ${s.groupId ?? "?"}`;
    // no ✔ here: beside check names it would read as "passing"; a subscription is on or off
    out.push(
      s.activated
        ? { text: `  ${sanitizeLine(name)}` }
        : { text: `  ${sanitizeLine(name)} (subscription off)`, tone: "dim" },
    );
  }
  if (hasPreview(c.type)) {
    out.push({ text: `Preview: ${opts.alertType} (a: next alert type) — sample alert`, tone: "head" });
    const rw = opts.renderer;
    if (!rw) {
      out.push({ text: "  rendering…", tone: "dim" });
      return out;
    }
    if ("loadError" in rw) {
      out.push({
        text: `  ✖ the renderer could not be loaded: ${sanitizeLine(rw.loadError)}`,
        tone: "error",
      });
      return out;
    }
    const ctx = { ...opts, variables: opts.variables ?? {}, renderer: rw };
    out.push(...(channelPreview(c, ctx) ?? []));
  }
  return out;
}
