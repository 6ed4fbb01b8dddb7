/**
 * One interface for every channel type: `prepare` turns an alert into the payload stored in the outbox
 * (or says why it cannot be sent: transport not configured → SKIPPED, template error → FAILURE), and
 * `send` performs one attempt of a stored payload. A type's transport is written with `channelTransport`:
 * its `prepare` gets the channel's config as the type's contract file reads it, and the transport declares
 * the settings it needs (the endpoint it posts to: option, variable, rule, default, doc line — the kinds:
 * ../settings.ts), which config.ts reads for it: `ctx.config` holds the core settings and its own.
 */

import { z } from "zod";
import type { ChannelType } from "../../../contract/channel-types.ts";
import { isObject } from "../../../shared/json.ts";
import type { AlertInput } from "../../../shared/webhook/variables.ts";
import type { CoreConfig } from "../config.ts";
import type { Settings, SettingValues } from "../settings.ts";

export type ChannelRecord = { id: number; type: string; config: Record<string, unknown> };

export type AlertFamily = "failure" | "degraded" | "recovery" | "ssl";

/** The settings a transport sees: the core ones and those it declares. */
export type TransportConfig<S extends Settings = NoSettings> = CoreConfig & SettingValues<S>;

export type NoSettings = Record<never, never>;

export type PrepareContext<S extends Settings = NoSettings> = {
  alert: AlertInput;
  family: AlertFamily;
  /** §6.1 variables of this alert. */
  variables: Record<string, unknown>;
  /** User-defined variables (account environment variables). */
  userVariables: Record<string, unknown>;
  now: number;
  config: TransportConfig<S>;
};

export type Prepared =
  | { kind: "ready"; payload: Record<string, unknown>; secret?: string | undefined }
  | { kind: "skip"; reason: string }
  | { kind: "error"; reason: string };

export type SendContext<S extends Settings = NoSettings> = {
  deliveryId: string;
  attempt: number;
  secret: string | null;
  config: TransportConfig<S>;
  signal: AbortSignal;
  now(): number;
};

export type SendResult =
  | { ok: true; status?: number | undefined; info?: string | undefined }
  | {
      ok: false;
      status?: number | undefined;
      error: string;
      rateLimited?: boolean;
      /**
       * The attempt may have reached the receiver (the message went out, no answer came): not retried, so
       * that it is never delivered twice (email.ts).
       */
      uncertain?: boolean;
    };

export type ChannelTransport<T extends string = string, S extends Settings = NoSettings> = {
  type: T;
  /** The settings it needs, by option name (none: `{}`). */
  settings: S;
  prepare(channel: ChannelRecord, ctx: PrepareContext<S>): Prepared;
  send(payload: Record<string, unknown>, ctx: SendContext<S>): Promise<SendResult>;
};

/**
 * The transport of a type (its definition: `CHANNEL_TYPE_SPECS.<TYPE>`, src/contract/channel-types.ts):
 * `prepare` gets the channel's config read by the type's schema. A stored config that does not read (the
 * service stores none: every write is checked against the type's write schema) is an error, never sent.
 * `settings`: what it reads from the service's settings beyond the core ones (an endpoint the operator
 * configures; `{}`: nothing), declared here so that config.ts needs no line for it.
 */
export function channelTransport<
  D extends { type: ChannelType; read: z.ZodType },
  S extends Settings = NoSettings,
>(
  def: D,
  t: {
    settings: S;
    prepare(config: z.output<D["read"]>, ctx: PrepareContext<S>): Prepared;
    send(payload: Record<string, unknown>, ctx: SendContext<S>): Promise<SendResult>;
  },
): ChannelTransport<D["type"], S> {
  return {
    type: def.type,
    settings: t.settings,
    prepare(channel, ctx) {
      const config = z.safeParse<D["read"]>(def.read, channel.config);
      if (!config.success) {
        const issue = config.error.issues[0];
        const where = issue?.path.length ? `config.${issue.path.join(".")}` : "config";
        return { kind: "error", reason: `${def.type} channel's ${where} is malformed: ${issue?.message}` };
      }
      return t.prepare(config.data, ctx);
    },
    send: t.send,
  };
}

export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The string members of a stored object (a payload's headers); anything else: none. */
export function strings(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === "string") out[k] = x;
  return out;
}

/** A short plain-text message for SMS / CALL / CHAT. */
export function shortText(ctx: PrepareContext): string {
  const v = ctx.variables;
  const parts = [String(v.ALERT_TITLE ?? "")];
  if (v.RUN_LOCATION) parts.push(`location: ${String(v.RUN_LOCATION)}`);
  if (v.CHECK_ERROR_MESSAGE) parts.push(`error: ${String(v.CHECK_ERROR_MESSAGE)}`);
  return parts.join(" — ");
}
