/**
 * A check's results on the command line: `vigil checks results ID` (the table, newest first, FINAL and
 * ATTEMPT results) and `vigil results show CHECK RESULT` (one result as the console's result view:
 * store/triage/result-view.ts — request with secrets masked, response, assertions, timing waterfall, a
 * script's error with its line, a ping's source). `--json` prints the service's JSON.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { screenshotSource } from "../../api/check-results.ts";
import { UsageError } from "../../api/errors.ts";
import { shownResponseTime } from "../../contract/check-types.ts";
import type { CheckResult } from "../../contract/schemas/check-results.ts";
import { errorMessage } from "../../shared/errors.ts";
import { formatMs } from "../../shared/format.ts";
import { runReason } from "../../store/triage/reason.ts";
import {
  attemptsText,
  type ResultCheck,
  type ResultEvent,
  type ResultInput,
  resultKind,
  resultView,
  resultViewText,
  runOutcome,
} from "../../store/triage/result-view.ts";
import type { CommandContext, ResourceSpec, VerbSpec } from "../command.ts";
import { inlineImage, PROTOCOL_NAMES } from "../inline-image.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";

/** The most results one `checks results` asks for (the service pages 100 at a time). */
export const MAX_RESULTS = 1000;

const asInput = (r: CheckResult) => r as unknown as ResultInput;

function resultColumns(check: ResultCheck | undefined): Column<CheckResult>[] {
  return [
    { header: "STATUS", get: (r) => runOutcome(asInput(r)).text },
    { header: "STARTED", get: (r) => when(r.startedAt ?? r.created_at) },
    { header: "LOCATION", get: (r) => r.runLocation },
    // a heartbeat's result is a ping: no response time (never "0 ms")
    {
      header: "RESPONSE",
      get: (r) => formatMs(shownResponseTime(String(r.checkType ?? ""), r.responseTime)),
      align: "right",
    },
    { header: "ATTEMPTS", get: (r) => attemptsText(asInput(r)) },
    { header: "KIND", get: (r) => resultKind(asInput(r)) },
    { header: "RESULT ID", get: (r) => r.id, min: 8 },
    { header: "REASON", get: (r) => runReason(r, check ?? undefined), min: 10 },
  ];
}

/** Results along the v2 cursor, newest first, up to `limit`. */
async function collect(ctx: CommandContext, checkId: string, limit: number): Promise<CheckResult[]> {
  const a = ctx.args;
  const out: CheckResult[] = [];
  let nextId: string | undefined;
  do {
    const page = await ctx.client.checkResults.listV2(checkId, {
      limit: Math.min(100, limit - out.length),
      resultType: a.flag("final") ? "FINAL" : "ALL",
      ...(a.flag("failed") ? { hasFailures: true } : {}),
      ...(a.string("location") ? { location: a.string("location") } : {}),
      ...(nextId ? { nextId } : {}),
    });
    out.push(...page.entries);
    nextId = page.nextId ?? undefined;
  } while (nextId && out.length < limit);
  return out.slice(0, limit);
}

/**
 * The result's screenshot: drawn inline on a terminal that can (cli/inline-image.ts), else — or with
 * `--screenshot-file` — written to a 0600 file whose path is printed with why it was not drawn.
 */
async function showScreenshot(
  ctx: CommandContext,
  checkId: string,
  result: CheckResult,
  file: string | undefined,
): Promise<number | undefined> {
  if (file === "") throw new UsageError("--screenshot-file needs a path");
  if (!screenshotSource(result)) {
    ctx.out.note("vigil: --screenshot: this result has no screenshot (a failed browser run keeps one)");
    return 1;
  }
  const png = await ctx.client.checkResults.screenshot(checkId, result.id, {
    result,
    signal: ctx.signal,
  });
  ctx.out.blank();
  if (file === undefined) {
    const shown = inlineImage(png, { env: process.env, isTTY: ctx.out.isTTY });
    if (shown.drawn) {
      ctx.out.line(`screenshot (${png.length} bytes, ${PROTOCOL_NAMES[shown.protocol]}):`);
      ctx.out.escapes(shown.sequence);
      return undefined;
    }
    const dir = mkdtempSync(join(tmpdir(), "vigil-screenshot-"));
    const path = join(dir, `${result.id}.png`);
    writeFileSync(path, png, { mode: 0o600 });
    ctx.out.line(`screenshot saved to ${path} (not drawn: ${shown.reason})`);
    return undefined;
  }
  try {
    writeFileSync(file, png, { mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (err) {
    ctx.out.note(`vigil: --screenshot-file ${file}: ${errorMessage(err)}`);
    return 1;
  }
  ctx.out.line(`screenshot saved to ${resolve(file)} (--screenshot-file: not drawn)`);
  return undefined;
}

/** `vigil checks results ID`: a verb of the checks command. */
export const checkResultsVerb: VerbSpec = {
  name: "results",
  summary: "a check's results, newest first: FINAL results and the attempts retries followed",
  positionals: [{ name: "CHECK_ID" }],
  options: {
    limit: { type: "string", value: "N", help: `how many results, 1-${MAX_RESULTS} (default 20)` },
    final: { type: "boolean", help: "only FINAL results (leave out attempts that were retried)" },
    failed: { type: "boolean", help: "only failed results" },
    location: { type: "string", value: "LOCATION", help: "only results from this run location" },
  },
  notes: ["Open one with `vigil results show CHECK_ID RESULT_ID`."],
  examples: [
    "vigil checks results CHECK_ID --limit 50",
    "vigil checks results CHECK_ID --failed --json | jq -r '.[0].id'",
  ],
  async run(ctx) {
    const checkId = ctx.args.need("CHECK_ID");
    const limit = ctx.args.int("limit", { min: 1, max: MAX_RESULTS }) ?? 20;
    // the check first: an unknown id is "Check not found", and its thresholds explain a degraded run
    const check = await ctx.client.checks.get(checkId);
    const rows = await collect(ctx, checkId, limit);
    if (ctx.out.json) return ctx.out.printJson(rows);
    ctx.out.table(rows, resultColumns(check as ResultCheck));
  },
};

export const resultsCommand: ResourceSpec = {
  name: "results",
  summary: "one check result: request, response, assertions, timing, a script's error, a ping",
  verbs: [
    {
      name: "show",
      summary: "show one result as the console's result view",
      positionals: [{ name: "CHECK_ID" }, { name: "RESULT_ID" }],
      options: {
        full: {
          type: "boolean",
          help: "the whole response body and error message (default: the first lines)",
        },
        screenshot: {
          type: "boolean",
          help: "draw a browser result's screenshot in the terminal (kitty, WezTerm, ghostty, iTerm2, sixel), else save it",
        },
        "screenshot-file": {
          type: "string",
          value: "PATH",
          help: "save the screenshot to PATH (0600) instead of drawing it",
        },
      },
      notes: [
        "A field the service did not record says 'not recorded'. Secrets (auth headers, URL passwords and " +
          "tokens) are masked; --json prints the result as the service returned it (masked unless --show-secrets).",
        "--screenshot draws a browser result's screenshot inline when stdout is a terminal with an image " +
          "protocol (kitty graphics: kitty, WezTerm, ghostty; iTerm2 inline images; sixel: foot, mlterm, contour, " +
          "Windows Terminal; VIGIL_IMAGES=kitty|iterm2|sixel|none names it; inside tmux through passthrough, " +
          "`set -g allow-passthrough on`); otherwise it is saved to a private file whose path is printed " +
          "with the reason.",
      ],
      examples: [
        "vigil results show CHECK_ID RESULT_ID --full",
        "vigil results show CHECK_ID RESULT_ID --screenshot",
        "vigil results show CHECK_ID RESULT_ID --screenshot-file failure.png",
        "vigil checks results CHECK_ID --limit 1",
      ],
      async run(ctx) {
        const checkId = ctx.args.need("CHECK_ID");
        const result = await ctx.client.checkResults.get(checkId, ctx.args.need("RESULT_ID"));
        if (ctx.out.json) return ctx.out.printJson(result);
        // the check (thresholds, a script's lines) and a heartbeat's event only add detail
        const check = await ctx.client.checks.get(checkId).catch(() => undefined);
        const eventId = (result.heartbeatEvent as { id?: unknown } | undefined)?.id;
        const event =
          typeof eventId === "string" && eventId !== ""
            ? await ctx.client.heartbeats
                .event(checkId, eventId)
                .then((r): ResultEvent | undefined => r.event ?? undefined)
                .catch(() => undefined)
            : undefined;
        const view = resultView(asInput(result), {
          check: check as ResultCheck | undefined,
          event,
          expanded: ctx.args.flag("full") === true,
          expandHint: "--full shows all",
          now: Date.now(),
        });
        if (check?.name) ctx.out.line(`${check.name} (${check.checkType})`);
        for (const line of resultViewText(view)) ctx.out.line(line);
        const file = ctx.args.string("screenshot-file");
        if (ctx.args.flag("screenshot") || file !== undefined)
          return showScreenshot(ctx, checkId, result, file);
      },
    },
  ],
};
