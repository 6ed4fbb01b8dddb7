/**
 * `vigil status`: the console's overview (store/triage/overview.ts, the same pure model) as tables or
 * `--json`, for scripts and shell prompts. Exit status: 0 nothing failing, 1 something failing (an active
 * check failing or a heartbeat overdue), 2 usage error or no service to talk to; when the state is unknown
 * (the service could not be read) the error's code: 4 auth, 5 unreachable or any other API error.
 *
 * Reads: every check and status; the recent results of the checks that need a look (at most --details of
 * them: the check-results routes allow 60 requests a minute) and of the overdue heartbeats, with the
 * latter's events; open incidents, the last 24 h of alert deliveries, the alert channels and the private
 * locations. A section whose read fails says so (on stderr, and as null in --json); the rest is shown.
 */
import type { CheckStatus } from "../../contract/schemas/check-statuses.ts";
import type { Check } from "../../contract/schemas/checks.ts";
import type { HeartbeatEvent } from "../../contract/schemas/heartbeats.ts";
import { checkState } from "../../shared/check-state.ts";
import { thousands } from "../../shared/format.ts";
import { readHeartbeatEvents } from "../../store/data/heartbeat-events.ts";
import { findLastPass, type LastPass, lastPassKey } from "../../store/data/last-pass.ts";
import { errorLine } from "../../store/data/loaders.ts";
import {
  type ResultSummary,
  toCheckSummary,
  toResultSummary,
  toStatusSummary,
} from "../../store/data/summary.ts";
import { deliveryMark } from "../../store/triage/delivery-state.ts";
import { statusRunAt } from "../../store/triage/last-run.ts";
import {
  attentionChecks,
  buildOverview,
  checkTriage,
  type OverviewCheck,
  overdueHeartbeats,
  somethingFailing,
} from "../../store/triage/overview.ts";
import {
  assignedText,
  calmLine,
  channelText,
  countsLine,
  deliveryCheckText,
  deliveryText,
  forText,
  heartbeatTexts,
  locationsText,
  overviewJson,
  reasonText,
} from "../../store/triage/overview-text.ts";
import type { CommandContext, ResourceSpec } from "../command.ts";
import type { Client } from "../connect.ts";
import { EXIT, exitCodeOf } from "../exit-codes.ts";
import { when } from "../when.ts";
import { statusText } from "./sessions-view.ts";

/**
 * The exit status when the service could not be read (the state is unknown): the error's own code
 * (exit-codes.ts: 4 auth, 5 unreachable, …), never 1 — which would say something is failing.
 */
export function statusUnknownCode(e: unknown): number {
  const code = exitCodeOf(e);
  return code === EXIT.FAILING ? EXIT.UNREACHABLE : code;
}

const DEFAULT_DETAILS = 20;
const HEARTBEAT_DETAILS = 10;
/** Checks whose failing streak, when older than their results, is bounded by the last pass before it. */
const LAST_PASS_CHECKS = 10;

export function overviewChecks(checks: readonly Check[], statuses: readonly CheckStatus[]): OverviewCheck[] {
  const byId = new Map(statuses.map((s) => [s.checkId, toStatusSummary(s)]));
  return checks.map((c) => {
    const status = byId.get(c.id);
    return {
      id: c.id,
      check: toCheckSummary(c),
      status,
      health: checkState(status),
      statusAt: statusRunAt(c, status),
    };
  });
}

/** A read whose failure leaves its section unknown (undefined) and says so on stderr. */
async function optional<T>(
  ctx: CommandContext,
  what: string,
  read: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (e) {
    ctx.out.note(`${what}: not read (${errorLine(e)})`);
    return undefined;
  }
}

async function readOverview(ctx: CommandContext, client: Client, details: number, now: number) {
  const [checks, statuses] = await Promise.all([client.checks.listAll({}), client.checkStatuses.list()]);
  const rows = overviewChecks(checks, statuses);
  const attention = attentionChecks(rows).slice(0, details);
  const overdue = overdueHeartbeats(rows).slice(0, HEARTBEAT_DETAILS);
  const results = new Map<string, readonly ResultSummary[]>();
  const heartbeats = new Map<string, { events: HeartbeatEvent[]; from: number }>();
  const from = now - 86_400_000;
  const lists = Promise.all([
    optional(ctx, "incidents", () => client.incidents.listAll({ maxItems: 500 })),
    optional(ctx, "alert deliveries", () => client.alertNotifications.list({ limit: 100 })),
    optional(ctx, "alert channels", () => client.alertChannels.listAll({ maxItems: 1000 })),
    optional(ctx, "private locations", () => client.privateLocations.list()),
  ]);
  const reads = Promise.all([
    ...[...attention, ...overdue].map((r) =>
      optional(ctx, `results of ${r.check.name}`, async () => {
        const items = await client.checkResults.list(r.id, { limit: 30 });
        results.set(
          r.id,
          items.map((x) => toResultSummary(x as ResultSummary)),
        );
      }),
    ),
    ...overdue.map((r) =>
      optional(ctx, `heartbeat events of ${r.check.name}`, async () => {
        const { events } = await readHeartbeatEvents(client, r.id, { from, to: now, pages: 3 });
        heartbeats.set(r.id, { events, from });
      }),
    ),
  ]);
  const [[incidents, notifications, channels, privateLocations]] = await Promise.all([lists, reads]);
  // a failing streak older than the results read: the last pass before it, for the first few checks
  const lastPasses = new Map<string, LastPass>();
  await Promise.all(
    attention.slice(0, LAST_PASS_CHECKS).flatMap((r) =>
      checkTriage(r, results.get(r.id)).openStreaks.map((o) =>
        optional(ctx, `the last pass of ${r.check.name}`, async () => {
          lastPasses.set(
            lastPassKey(r.id, o.location),
            await findLastPass(client, r.id, o.location, o.before),
          );
        }),
      ),
    ),
  );
  return buildOverview({
    lastPasses,
    checks: rows,
    results,
    heartbeats,
    incidents,
    notifications,
    channels,
    privateLocations,
  });
}

export const statusCommand: ResourceSpec = {
  name: "status",
  summary: "what is broken, why and since when: the console's overview (exit 1 when something fails)",
  verbless: true,
  verbs: [
    {
      name: "status",
      summary: "the overview: counts, failing and degraded checks with their reason, overdue heartbeats, …",
      options: {
        details: {
          type: "string",
          value: "N",
          help: `read the recent results (reason, since when) of at most N checks that need a look (default ${DEFAULT_DETAILS}; 0-200)`,
        },
      },
      notes: [
        "Exit status: 0 nothing failing (degraded checks, open incidents and delivery trouble are shown but do not fail it), 1 an active check is failing or a heartbeat is overdue, 2 usage error or no service to talk to; the service could not be read (the state is unknown): 4 the key was refused, 5 unreachable or another error.",
        "Each check's results are one request; the check-results routes allow 60 a minute, so a long list is read for its first N checks only (--details).",
      ],
      examples: [
        "vigil status",
        "vigil status --json | jq '.checks[] | {name, for, reason}'",
        "vigil status >/dev/null || echo broken",
      ],
      async run(ctx) {
        const details = ctx.args.int("details", { min: 0, max: 200 }) ?? DEFAULT_DETAILS;
        const now = Date.now();
        let o: Awaited<ReturnType<typeof readOverview>>;
        try {
          o = await readOverview(ctx, ctx.client, details, now);
        } catch (e) {
          ctx.out.note(`vigil: status unknown: ${errorLine(e)}`);
          return statusUnknownCode(e);
        }
        const code = somethingFailing(o) ? 1 : 0;
        if (ctx.out.json) {
          ctx.out.printJson(overviewJson(o, now));
          return code;
        }
        ctx.out.line(countsLine(o));
        const calm = calmLine(o.counts, o.heartbeats.length, now);
        if (calm) ctx.out.line(calm);
        if (o.checks.length > 0) {
          ctx.out.section(`Checks that need a look (${thousands(o.checks.length)})`);
          ctx.out.table(o.checks, [
            {
              header: "STATE",
              get: (t) =>
                `${t.state === "failing" ? "✖" : t.state === "degraded" ? "▲" : "⊘"} ${t.state}${t.muted ? " (muted)" : ""}`,
            },
            { header: "NAME", get: (t) => t.name, min: 10 },
            { header: "TYPE", get: (t) => t.checkType },
            {
              header: "FOR",
              get: (t) =>
                forText(t.state, t.since, now, t.sinceAfter)?.replace(/^\S+ for /, "") ??
                (t.resultsHeld ? "not known" : "not read"),
            },
            { header: "LOCATIONS", get: (t) => locationsText(t)?.replace(/ locations?$/, "") },
            {
              header: "REASON",
              get: (t) =>
                t.resultsHeld ? reasonText(t) : `not read (--details ${thousands(o.checks.length)})`,
            },
          ]);
        }
        if (o.heartbeats.length > 0) {
          ctx.out.section(`Overdue heartbeats (${thousands(o.heartbeats.length)})`);
          ctx.out.table(o.heartbeats, [
            { header: "NAME", get: (h) => `${h.name}${h.muted ? " (muted)" : ""}`, min: 10 },
            { header: "EXPECTED", get: (h) => heartbeatTexts(h, now).expected },
            { header: "LATE BY", get: (h) => heartbeatTexts(h, now).late },
            { header: "LAST PING", get: (h) => heartbeatTexts(h, now).lastPing },
          ]);
        }
        if (o.incidents && o.incidents.length > 0) {
          ctx.out.section(`Open incidents (${thousands(o.incidents.length)})`);
          ctx.out.table(o.incidents, [
            { header: "SEVERITY", get: (i) => i.severity },
            { header: "STATUS", get: (i) => statusText(i.status) },
            { header: "NAME", get: (i) => i.name, min: 10 },
            { header: "SERVICES", get: (i) => i.services },
            { header: "LAST UPDATE", get: (i) => when(Math.min(i.lastUpdateAt, now), now) },
            { header: "ID", get: (i) => i.id },
          ]);
        }
        if (o.deliveries && o.deliveries.length > 0) {
          ctx.out.section(`Alert delivery trouble (${thousands(o.deliveries.length)})`);
          ctx.out.table(o.deliveries, [
            { header: "CHECK", get: (d) => deliveryCheckText(d), min: 8 },
            { header: "CHANNEL", get: (d) => channelText(d), min: 8 },
            { header: "PROBLEM", get: (d) => `${deliveryMark(d.problem)} ${deliveryText(d, now)}` },
            { header: "WHEN", get: (d) => when(Math.min(d.at, now), now) },
            { header: "ERROR", get: (d) => d.error ?? "no error recorded" },
          ]);
        }
        if (o.locations && o.locations.length > 0) {
          ctx.out.section(`Private locations without a live agent (${thousands(o.locations.length)})`);
          ctx.out.table(o.locations, [
            { header: "NAME", get: (l) => l.name, min: 10 },
            { header: "SLUG", get: (l) => l.slug },
            { header: "ASSIGNED", get: (l) => assignedText(l) },
            {
              header: "LAST SEEN",
              get: (l) => (l.lastSeenAt === undefined ? "never" : when(Math.min(l.lastSeenAt, now), now)),
            },
          ]);
        }
        const clear = [
          o.heartbeats.length === 0 && o.counts.checks > 0 ? "no overdue heartbeats" : undefined,
          o.incidents?.length === 0 ? "no open incidents" : undefined,
          o.deliveries?.length === 0 ? "alerts going out" : undefined,
          o.locations?.length === 0 ? "every private location with checks has an agent" : undefined,
        ].filter(Boolean);
        if (clear.length) {
          if (o.checks.length || o.heartbeats.length || o.incidents?.length || o.deliveries?.length)
            ctx.out.blank();
          ctx.out.line(`✔ ${clear.join(" · ")}`);
        }
        return code;
      },
    },
  ],
};
