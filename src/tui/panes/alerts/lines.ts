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
import type { Check } from "../../../contract/schemas/checks.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import type { RendererState } from "./webhook-preview.ts";

export type DetailLine = ChannelDetailLine;

const yes = (b: boolean | null | undefined) => (b ? "yes" : "no");

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
  const subs = c.subscriptions ?? [];
  out.push({ text: `Subscriptions (${subs.length})`, tone: "head" });
  if (subs.length === 0) out.push({ text: "  none", tone: "dim" });
  for (const s of subs) {
    const name = s.checkId ? (opts.checks.get(s.checkId)?.name ?? s.checkId) : `group ${s.groupId ?? "?"}`;
    out.push({ text: `  ${s.activated ? "✔" : "⊘"} ${sanitizeLine(name)}` });
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
