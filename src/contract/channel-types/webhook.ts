/**
 * WEBHOOK channels: a request rendered from the channel's templates for each alert (url, method, headers,
 * query parameters, body; src/shared/webhook/render.ts), signed with the channel's `webhookSecret` (a
 * secret). Its preview in the console is that request for a sample alert, credentials masked unless shown.
 * The URL is not checked as a URL when written because it may hold `{{VARIABLES}}`.
 */
import { z } from "zod";
import { sanitizeBlock, sanitizeLine } from "../../shared/sanitize.ts";
import type { ChannelDetailLine, ChannelPreviewContext, ChannelTypeDef } from "../channel-type-def.ts";
import { keyValueInput, keyValueSchema, str } from "../schemas/channel-config-parts.ts";
import { openEnum, opt, optOr } from "../schemas/common.ts";
import { maskSecrets, maskUrlCredentials } from "../secrets.ts";

const WEBHOOK_METHODS = ["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"] as const;

const read = z.looseObject({
  name: str,
  url: str,
  method: openEnum(WEBHOOK_METHODS).nullish(),
  headers: z.array(keyValueSchema).nullish(),
  queryParameters: z.array(keyValueSchema).nullish(),
  template: str,
  webhookSecret: str,
  webhookType: str,
});

/** A JSON body indented (one value per line fits a terminal); anything else as it is. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The request for a sample alert: method and URL, headers, body; a template error as one line. */
function preview(raw: unknown, ctx: ChannelPreviewContext): ChannelDetailLine[] {
  const config = read.safeParse(raw);
  if (!config.success) return [{ text: `  ✖ config: ${sanitizeLine(config.error.message)}`, tone: "error" }];
  const { renderWebhook, TemplateError, alertVariables, sampleAlert } = ctx.renderer;
  const out: ChannelDetailLine[] = [];
  try {
    const req = renderWebhook(
      config.data,
      alertVariables(sampleAlert(ctx.alertType, ctx.now)),
      ctx.variables,
      {
        now: () => ctx.now,
      },
    );
    const url = ctx.revealed ? req.url : maskUrlCredentials(req.url);
    out.push({ text: `  ${req.method} ${sanitizeLine(url)}` });
    const headers = Object.entries(req.headers).map(([key, value]) => ({ key, value }));
    for (const h of ctx.revealed ? headers : maskSecrets(headers))
      out.push({ text: `  ${sanitizeLine(h.key)}: ${sanitizeLine(h.value)}`, tone: "dim" });
    for (const l of sanitizeBlock(pretty(req.body)).split("\n")) out.push({ text: `  ${l}` });
  } catch (e) {
    out.push({
      text: `  ✖ ${sanitizeLine(e instanceof TemplateError ? e.message : String(e))}`,
      tone: "error",
    });
  }
  return out;
}

export const webhook = {
  type: "WEBHOOK",
  read,
  write: z.object({
    name: z.string().min(1),
    url: z.string().min(1),
    method: optOr(z.enum(WEBHOOK_METHODS), "POST"),
    headers: opt(z.array(keyValueInput)),
    queryParameters: opt(z.array(keyValueInput)),
    template: opt(z.string()),
    webhookSecret: opt(z.string()),
    webhookType: opt(z.string()),
  }),
  secrets: [{ field: "webhookSecret", kind: "value" }],
  target: ["url", "name"],
  preview,
} as const satisfies ChannelTypeDef;
