/**
 * `vigil webhook render|verify`.
 *
 * render: the body a WEBHOOK channel's delivery would send, rendered with the service's own template module
 * (src/shared/webhook/), with the variables of the check's latest result (`--check`) or a sample.
 * Piped, the body is written byte for byte (so it can be signed or fed to `verify`); on a terminal it is
 * sanitised. `--json` prints the whole request (method, url, headers, body; secrets masked). A template
 * error is one line naming its line number, exit 1.
 *
 * verify: checks `x-service-signature` for a body read from standard input (raw bytes), constant-time.
 * The secret comes from an environment variable (`--secret-env NAME`) or a file (`--secret-file FILE`,
 * trailing newline ignored) — never from the command line, where process lists would show it. With
 * `--timestamp T` (the `x-service-timestamp` value, UNIX ms) the delivery must also be at most `--max-age`
 * seconds old (default 300) — the signature covers the body only, so this is a replay window, not part of
 * the HMAC. Exit 0 valid, 1 invalid, 2 usage.
 */
import { readFileSync } from "node:fs";
import type { Client } from "../../api/client.ts";
import { UsageError } from "../../api/errors.ts";
import { isAlertChannelType } from "../../contract/schemas/alert-channels.ts";
import { variableListSchema } from "../../contract/schemas/variables.ts";
import { errorCode } from "../../shared/errors.ts";
import { sanitizeBlock, sanitizeLine } from "../../shared/sanitize.ts";
import type { RenderedRequest } from "../../shared/webhook/render.ts";
import { verify } from "../../shared/webhook/sign.ts";
import { ALERT_TYPES, type AlertInput, alertVariables, sampleAlert } from "../../shared/webhook/variables.ts";
import type { ResourceSpec } from "../command.ts";
import { intId } from "../input.ts";

/**
 * The user-defined variables the service would use: VIGIL_WEBHOOK_VARIABLES (a JSON object) under the
 * account's non-secret environment variables (`GET /v1/variables`; skipped when the service has none).
 */
async function userVariables(client: Client): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const raw = process.env.VIGIL_WEBHOOK_VARIABLES;
  if (raw) {
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      throw new UsageError("VIGIL_WEBHOOK_VARIABLES must be a JSON object");
    }
    if (!v || typeof v !== "object" || Array.isArray(v))
      throw new UsageError("VIGIL_WEBHOOK_VARIABLES must be a JSON object");
    Object.assign(out, v);
  }
  const stored = await client.http
    .request({ method: "GET", path: "/v1/variables", schema: variableListSchema })
    .then((r) => r.data)
    .catch(() => []);
  for (const v of stored) if (!v.secret && typeof v.value === "string") out[v.key] = v.value;
  return out;
}

/** The alert a delivery for `checkId` would carry, from the check and its latest FINAL result. */
async function alertFromCheck(client: Client, checkId: string, alertType: string): Promise<AlertInput> {
  // The latest FINAL result, read loosely: only a few fields matter here, and a result's type-specific
  // detail must not stop a preview.
  const [check, results, locations] = await Promise.all([
    client.checks.get(checkId),
    client.http.request({
      method: "GET",
      path: `/v1/check-results/${encodeURIComponent(checkId)}`,
      query: { limit: 1 },
    }),
    client.locations.list().catch(() => []),
  ]);
  const r = Array.isArray(results.data)
    ? (results.data[0] as Record<string, unknown> | undefined)
    : undefined;
  const s = (v: unknown): string | null => (typeof v === "string" ? v : null);
  const n = (v: unknown): number | null => (typeof v === "number" ? v : null);
  const region = s(r?.runLocation) ?? undefined;
  const name = locations.find((l) => l.region === region)?.name;
  const api = (r?.apiCheckResult ?? null) as { response?: { status?: unknown; statusText?: unknown } } | null;
  const statusCode = n(r?.statusCode) ?? n(api?.response?.status);
  return {
    alertType,
    check: {
      id: check.id,
      name: check.name ?? "",
      checkType: String(check.checkType ?? ""),
      description: typeof check.description === "string" ? check.description : null,
      tags: Array.isArray(check.tags) ? check.tags.map(String) : [],
    },
    result: r
      ? {
          id: s(r.id),
          errorMessage: s(r.errorMessage),
          responseTime: n(r.responseTime),
          statusCode,
          statusText: s(api?.response?.statusText),
          startedAt: s(r.startedAt),
          link: `${client.http.baseUrl}/v1/check-results/${check.id}/${s(r.id) ?? ""}`,
          runLocation: region ?? null,
        }
      : undefined,
    ...(name ? { locationName: name } : {}),
  };
}

function secretFrom(env: string | undefined, file: string | undefined): string {
  if ((env === undefined) === (file === undefined))
    throw new UsageError("give exactly one of --secret-env NAME or --secret-file FILE");
  if (env !== undefined) {
    const v = process.env[env];
    if (v === undefined || v === "")
      throw new UsageError(`--secret-env: environment variable ${env} is not set`);
    return v;
  }
  try {
    return readFileSync(file as string, "utf8").replace(/\r?\n$/, "");
  } catch (e) {
    throw new UsageError(`--secret-file: cannot read ${file} (${errorCode(e) ?? "error"})`);
  }
}

async function rawStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(typeof c === "string" ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks);
}

export const webhookCommand: ResourceSpec = {
  name: "webhook",
  summary: "render a webhook channel's body, verify a received signature",
  verbs: [
    {
      name: "render",
      summary: "print the body a WEBHOOK channel's delivery would send",
      options: {
        channel: { type: "string", value: "ID", help: "the WEBHOOK alert channel (required)" },
        "alert-type": {
          type: "string",
          value: "TYPE",
          help: "ALERT_FAILURE (default), ALERT_RECOVERY, ALERT_DEGRADED, ALERT_SSL, ...",
        },
        check: {
          type: "string",
          value: "ID",
          help: "take the variables from this check's latest result (default: a sample)",
        },
      },
      notes: [
        `Variables ({{NAME}} in the template): ${Object.keys(alertVariables(sampleAlert("ALERT_FAILURE", 0))).join(", ")}; ` +
          "and user-defined ones from the account's environment variables and VIGIL_WEBHOOK_VARIABLES (a JSON object).",
        "Piped, the body is printed byte for byte; --json prints method, url, headers and body.",
      ],
      examples: [
        "vigil webhook render --channel 3 --alert-type ALERT_RECOVERY --check 0f1e...",
        "vigil webhook render --channel 3 | vigil webhook verify --secret-env HOOK_SECRET --signature abc...",
      ],
      async run(ctx) {
        const channelId = intId(ctx.args.requiredString("channel"), "--channel");
        const alertType = ctx.args.string("alert-type") ?? "ALERT_FAILURE";
        if (!(ALERT_TYPES as readonly string[]).includes(alertType))
          throw new UsageError(`--alert-type must be one of ${ALERT_TYPES.join(", ")}`);
        const channel = await ctx.client.alertChannels.get(channelId);
        if (!isAlertChannelType(channel, "WEBHOOK"))
          throw new UsageError(
            `channel ${channelId} is ${channel.type}: only WEBHOOK channels have a body to render`,
          );
        const checkId = ctx.args.string("check");
        const alert = checkId
          ? await alertFromCheck(ctx.client, checkId, alertType)
          : sampleAlert(alertType, Date.now());
        // Handlebars, chrono-node and dayjs load only here, not on every CLI start.
        const { renderWebhook } = await import("../../shared/webhook/render.ts");
        const { TemplateError } = await import("../../shared/webhook/template.ts");
        let req: RenderedRequest;
        try {
          req = renderWebhook(channel.config, alertVariables(alert), await userVariables(ctx.client));
        } catch (e) {
          if (!(e instanceof TemplateError)) throw e;
          process.stderr.write(`vigil: ${sanitizeLine(e.message)}\n`);
          return 1;
        }
        if (ctx.out.json) return ctx.out.printJson(req);
        if (process.stdout.isTTY) process.stdout.write(`${sanitizeBlock(req.body)}\n`);
        else process.stdout.write(req.body);
        return 0;
      },
    },
    {
      name: "verify",
      summary: "check a received body (standard input) against its x-service-signature",
      offline: true,
      options: {
        "secret-env": {
          type: "string",
          value: "NAME",
          help: "environment variable holding the webhook secret",
        },
        "secret-file": { type: "string", value: "FILE", help: "file holding the webhook secret" },
        signature: { type: "string", value: "HEX", help: "the x-service-signature header value (required)" },
        timestamp: { type: "string", value: "T", help: "the x-service-timestamp header value (UNIX ms)" },
        "max-age": {
          type: "string",
          value: "SECONDS",
          help: "with --timestamp: oldest delivery accepted (default 300)",
        },
      },
      notes: ["The secret is never taken from the command line. Exit 0 valid, 1 invalid."],
      examples: [
        'vigil webhook verify --secret-env HOOK_SECRET --signature "$SIG" --timestamp "$TS" < body.json',
      ],
      async run(ctx) {
        const secret = secretFrom(ctx.args.string("secret-env"), ctx.args.string("secret-file"));
        const signature = ctx.args.requiredString("signature");
        const ts = ctx.args.string("timestamp");
        const maxAge = ctx.args.int("max-age", { min: 1 }) ?? 300;
        let tsMs: number | undefined;
        if (ts !== undefined) {
          if (!/^\d+$/.test(ts.trim())) throw new UsageError("--timestamp must be UNIX milliseconds");
          const n = Number(ts.trim());
          tsMs = n < 1e12 ? n * 1000 : n;
        }
        const body = await rawStdin();
        let reason: string | undefined;
        if (!verify(body, secret, signature)) reason = "signature does not match the body";
        else if (tsMs !== undefined && Math.abs(Date.now() - tsMs) > maxAge * 1000)
          reason = `timestamp is more than ${maxAge} s away from now`;
        if (ctx.out.json) {
          ctx.out.printJson({ valid: reason === undefined, ...(reason ? { reason } : {}) });
        } else if (reason) ctx.out.note(`invalid: ${reason}`);
        else ctx.out.line("valid");
        return reason ? 1 : 0;
      },
    },
  ],
};
