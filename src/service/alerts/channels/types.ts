/**
 * One interface for every channel type: `prepare` turns an alert into the payload stored in the outbox
 * (or says why it cannot be sent: transport not configured → SKIPPED, template error → FAILURE), and
 * `send` performs one attempt of a stored payload. A type's transport is written with `channelTransport`:
 * its `prepare` gets the channel's config as the type's contract file reads it.
 */

import { z } from "zod";
import type { ChannelType } from "../../../contract/channel-types.ts";
import { isObject } from "../../../shared/json.ts";
import type { AlertInput } from "../../../shared/webhook/variables.ts";
import type { AlertingConfig } from "../config.ts";

export type ChannelRecord = { id: number; type: string; config: Record<string, unknown> };

export type AlertFamily = "failure" | "degraded" | "recovery" | "ssl";

export type PrepareContext = {
  alert: AlertInput;
  family: AlertFamily;
  /** §6.1 variables of this alert. */
  variables: Record<string, unknown>;
  /** User-defined variables (account environment variables). */
  userVariables: Record<string, unknown>;
  now: number;
  config: AlertingConfig;
};

export type Prepared =
  | { kind: "ready"; payload: Record<string, unknown>; secret?: string | undefined }
  | { kind: "skip"; reason: string }
  | { kind: "error"; reason: string };

export type SendContext = {
  deliveryId: string;
  attempt: number;
  secret: string | null;
  config: AlertingConfig;
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

export type ChannelTransport<T extends string = string> = {
  type: T;
  prepare(channel: ChannelRecord, ctx: PrepareContext): Prepared;
  send(payload: Record<string, unknown>, ctx: SendContext): Promise<SendResult>;
};

/**
 * The transport of a type (its definition: `CHANNEL_TYPE_SPECS.<TYPE>`, src/contract/channel-types.ts):
 * `prepare` gets the channel's config read by the type's schema. A stored config that does not read (the
 * service stores none: every write is checked against the type's write schema) is an error, never sent.
 */
export function channelTransport<D extends { type: ChannelType; read: z.ZodType }>(
  def: D,
  t: {
    prepare(config: z.output<D["read"]>, ctx: PrepareContext): Prepared;
    send(payload: Record<string, unknown>, ctx: SendContext): Promise<SendResult>;
  },
): ChannelTransport<D["type"]> {
  return {
    type: def.type,
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
