/**
 * What every alert channel type comes to, pinned: the contract's parse of channels as read and of configs
 * as written (defaults filled, refusals and their messages), the masking of each type's secrets, a
 * channel's target, the alerts pane's detail lines (masked and revealed) and the CLI's `alert-channels
 * list` and `get` — the same for the sample channels of every type (channel-samples.ts). A change here is a
 * change users see: update the file (`npx vitest run -u test/contract/channel-types-golden.test.ts`) only
 * when it is meant.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { channelTarget, maskAlertChannel } from "../../src/contract/channel-types.ts";
import {
  type AlertChannel,
  alertChannelCreateBodySchema,
  alertChannelSchema,
} from "../../src/contract/schemas/alert-channels.ts";
import { renderWebhook } from "../../src/shared/webhook/render.ts";
import { TemplateError } from "../../src/shared/webhook/template.ts";
import { alertVariables, sampleAlert } from "../../src/shared/webhook/variables.ts";
import { alertChannelLines } from "../../src/tui/panes/alerts/lines.ts";
import { routes, runCli } from "../cli/run-cli.ts";
import { ScriptedServer } from "../support/scripted-server.ts";
import { SAMPLE_CHANNELS, SAMPLE_READS, SAMPLE_WRITES } from "./channel-samples.ts";

const renderer = { renderWebhook, TemplateError, alertVariables, sampleAlert };
const NOW = Date.UTC(2026, 10, 27, 5, 0, 0);

function parsed(r: z.ZodSafeParseResult<unknown>): unknown {
  return r.success
    ? { ok: r.data }
    : { refused: r.error.issues.map((i) => ({ path: i.path.join("."), code: i.code, message: i.message })) };
}

const servers: ScriptedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe("alert channel types, pinned", () => {
  it("parses, masking, targets and the alerts pane's lines", async () => {
    const writes = Object.fromEntries(
      Object.entries(SAMPLE_WRITES).map(([type, configs]) => [
        type,
        configs.map((config) => parsed(alertChannelCreateBodySchema.safeParse({ type, config }))),
      ]),
    );
    const reads = SAMPLE_READS.map((c) => parsed(alertChannelSchema.safeParse(c)));
    const checks = new Map([["c-1", { id: "c-1", name: "Checkout API" }]]) as never;
    const shown = SAMPLE_CHANNELS.map((raw) => {
      const c = raw as unknown as AlertChannel;
      const lines = (revealed: boolean) =>
        alertChannelLines(c, {
          revealed,
          alertType: "ALERT_FAILURE",
          checks,
          now: NOW,
          variables: { TEAM: "sre" },
          renderer,
        });
      return {
        id: c.id,
        masked: maskAlertChannel(c),
        target: channelTarget(c),
        lines: lines(false),
        revealed: lines(true),
        loading: alertChannelLines(c, {
          revealed: false,
          alertType: "ALERT_RECOVERY",
          checks,
          now: NOW,
          renderer: undefined,
        }),
      };
    });
    await expect(`${JSON.stringify({ writes, reads, shown }, null, 1)}\n`).toMatchFileSnapshot(
      "./channel-types.golden.txt",
    );
  });

  it("the CLI's alert-channels list and get", async () => {
    const srv = await new ScriptedServer().start();
    servers.push(srv);
    const table: Parameters<typeof routes>[0] = {
      "GET /v1/alert-channels": (r) => ({ json: r.query.get("page") === "1" ? SAMPLE_CHANNELS : [] }),
    };
    for (const c of SAMPLE_CHANNELS) table[`GET /v1/alert-channels/${c.id}`] = { json: c };
    srv.always(routes(table));
    const env = { VIGIL_BASE_URL: srv.url, VIGIL_API_KEY: "sk_test_golden", COLUMNS: "200" };
    const runs = await Promise.all([
      runCli(["alert-channels", "list"], { env }),
      ...SAMPLE_CHANNELS.map((c) => runCli(["alert-channels", "get", String(c.id)], { env })),
    ]);
    const out = runs.map((r) => `$ code ${r.code}\n${r.stdout}${r.stderr}`).join("\n");
    await expect(out).toMatchFileSnapshot("./channel-types.golden-cli.txt");
  });
});
