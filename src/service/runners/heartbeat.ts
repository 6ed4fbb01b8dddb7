/**
 * Heartbeat checks are passive: nothing is run, pings arrive at `/ping/{token}` and the engine's heartbeat
 * monitor evaluates them against `period` + `grace` (api-notes §5). This module is the pure part.
 *
 * State boundaries (api-notes §8.5, the suggested reading): with `expected = anchor + period`, a ping is
 * EARLY before `expected - 10 % of period`, RECEIVED up to a second after `expected` (the console reads a
 * ping by the same rule: src/shared/heartbeat-period.ts), GRACE up to `expected + grace`, LATE after that.
 * The anchor is the latest ping or FAILING event (each ping and each fired alert restart the timer); the very first ping is RECEIVED. A FAILING event is due when nothing arrived by
 * `anchor + period + grace`; monitoring only starts with the first ping.
 */

import { EARLY_FRACTION, ON_TIME_SLACK_MS } from "../../shared/heartbeat-period.ts";
import { objectIn } from "../../shared/json.ts";
import { TIME_UNIT_MS, unitMs } from "../../shared/time-span.ts";

export type HeartbeatConfig = { periodMs: number; graceMs: number; pingToken: string | null };

export function heartbeatConfig(doc: Record<string, unknown>): HeartbeatConfig {
  const hb = objectIn(doc, "heartbeat") ?? {};
  const period = typeof hb.period === "number" ? hb.period : 1;
  const grace = typeof hb.grace === "number" ? hb.grace : 0;
  const pu = unitMs(String(hb.periodUnit ?? "hours")) ?? TIME_UNIT_MS.hours;
  const gu = unitMs(String(hb.graceUnit ?? "hours")) ?? TIME_UNIT_MS.hours;
  return {
    periodMs: Math.max(1000, period * pu),
    graceMs: Math.max(0, grace * gu),
    pingToken: typeof hb.pingToken === "string" ? hb.pingToken : null,
  };
}

export type PingState = "EARLY" | "RECEIVED" | "GRACE" | "LATE";

export function pingState(cfg: HeartbeatConfig, anchorMs: number | null, atMs: number): PingState {
  if (anchorMs === null) return "RECEIVED";
  const expected = anchorMs + cfg.periodMs;
  if (atMs < expected - cfg.periodMs * EARLY_FRACTION) return "EARLY";
  if (atMs <= expected + ON_TIME_SLACK_MS) return "RECEIVED";
  if (atMs <= expected + cfg.graceMs) return "GRACE";
  return "LATE";
}

/** True when a FAILING event is due at `nowMs` (nothing since the anchor within period + grace). */
export function isOverdue(cfg: HeartbeatConfig, anchorMs: number | null, nowMs: number): boolean {
  return anchorMs !== null && nowMs > anchorMs + cfg.periodMs + cfg.graceMs;
}

/** Known link-preview and crawler bots whose requests to a ping URL are ignored (api-notes §5). */
const BOT_PATTERN =
  /bot\b|crawler|spider|slurp|facebookexternalhit|facebot|twitterbot|slackbot|discordbot|telegrambot|whatsapp|linkedinbot|embedly|skypeuripreview|googlebot|bingbot|duckduckbot|baiduspider|yandex|applebot|pinterest|redditbot|mastodon/i;

export function isBot(userAgent: string): boolean {
  return userAgent !== "" && BOT_PATTERN.test(userAgent);
}
