/**
 * `vigil heartbeats events CHECK_ID [EVENT_ID]`: heartbeat pings with success statistics (seed §4.7). The API
 * serves 10 events a request; without `--limit` every event in the window is read, page after page back in
 * time (src/store/data/heartbeat-events.ts, as the console reads them), and printed as one list — with `--json`
 * the one-entry array the API answers, its events joined — up to the 10,000 a check keeps; with `--limit N`
 * one request. A row's PINGS is how many pings the event stands for (the local service folds pings within
 * 1 s into one event).
 */
import type {
  HeartbeatEvent,
  HeartbeatEventsResponse,
  HeartbeatStats,
} from "../../contract/schemas/heartbeats.ts";
import { formatPercent } from "../../shared/format.ts";
import { readHeartbeatEvents } from "../../store/data/heartbeat-events.ts";
import type { ResourceSpec } from "../command.ts";
import { parseTime } from "../input.ts";
import type { Output } from "../output.ts";
import { when } from "../when.ts";
import { statusText } from "./sessions-view.ts";

const DAY_MS = 86_400_000;
/** 10 events a request: the 10,000 events a check keeps at most (src/service/repo/heartbeat-events.ts). */
const MAX_PAGES = 1000;

const pingsOf = (e: HeartbeatEvent): number => {
  const n = (e as { pingCount?: unknown }).pingCount;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 ? n : 1;
};

function ratio(v: number | null | undefined): string {
  return formatPercent(v, v != null && v > 1);
}

function printStats(out: Output, stats: HeartbeatStats | null | undefined): void {
  if (!stats) return;
  out.section("Success ratio");
  const rows = (["last24Hours", "last7Days"] as const).map((k) => ({ k, s: stats[k] }));
  out.table(rows, [
    { header: "PERIOD", get: (r) => (r.k === "last24Hours" ? "last 24 hours" : "last 7 days") },
    // a window without an event has no ratio (the service counts it as 100 %: nothing failed)
    {
      header: "CURRENT",
      get: (r) => (r.s?.totalEntitiesCurrentPeriod === 0 ? "—" : ratio(r.s?.successRatio?.currentPeriod)),
      align: "right",
    },
    { header: "PREVIOUS", get: (r) => ratio(r.s?.successRatio?.previousPeriod), align: "right" },
    { header: "PINGS", get: (r) => r.s?.totalEntitiesCurrentPeriod, align: "right" },
  ]);
}

export const heartbeatsCommand: ResourceSpec = {
  name: "heartbeats",
  summary: "heartbeat check events",
  verbs: [
    {
      name: "events",
      summary: "list a heartbeat check's events, or show one event",
      positionals: [{ name: "CHECK_ID" }, { name: "EVENT_ID", optional: true }],
      options: {
        from: {
          type: "string",
          value: "TIME",
          help: "window start: ISO date/time, UNIX seconds or a span ago (default 24h)",
        },
        to: { type: "string", value: "TIME", help: "window end (default now)" },
        limit: {
          type: "string",
          value: "N",
          help: "one request: the newest N events, 1-10 (default: every event in the window)",
        },
      },
      async run(ctx) {
        const a = ctx.args;
        const checkId = a.need("CHECK_ID");
        const eventId = a.arg("EVENT_ID");
        if (eventId !== undefined) {
          const r = await ctx.client.heartbeats.event(checkId, eventId);
          if (ctx.out.json) return ctx.out.printJson(r);
          const e = r.event;
          ctx.out.detail([
            ["Event ID", e?.id ?? eventId],
            ["State", statusText(e?.state)],
            ["Time", e?.timestamp ? when(e.timestamp) : undefined],
            ["Source", e?.source ?? undefined],
            ["User agent", e?.userAgent ?? undefined],
          ]);
          printStats(ctx.out, r.stats);
          return;
        }
        const from = a.string("from");
        const to = a.string("to");
        const limit = a.int("limit", { min: 1, max: 10 });
        let res: HeartbeatEventsResponse;
        if (limit !== undefined) {
          res = await ctx.client.heartbeats.events(checkId, {
            ...(from ? { startTime: new Date(parseTime(from, "from")).toISOString() } : {}),
            ...(to ? { endTime: new Date(parseTime(to, "to")).toISOString() } : {}),
            limit,
          });
        } else {
          const end = to ? parseTime(to, "to") : Date.now();
          const start = from ? parseTime(from, "from") : end - DAY_MS;
          const read = await readHeartbeatEvents(ctx.client, checkId, {
            from: start,
            to: end,
            pages: MAX_PAGES,
          });
          if (read.from > start)
            ctx.out.note(
              `the newest ${read.events.length} events (the most a check keeps); older ones in the window are not listed — narrow it with --from/--to`,
            );
          res = [{ events: read.events, stats: read.stats ?? null }];
        }
        if (ctx.out.json) return ctx.out.printJson(res);
        const events: HeartbeatEvent[] = res.flatMap((r) => r.events ?? []);
        ctx.out.table(events, [
          { header: "TIME", get: (e) => when(e.timestamp) },
          { header: "STATE", get: (e) => statusText(e.state) },
          { header: "PINGS", get: (e) => `×${pingsOf(e)}`, align: "right" },
          { header: "SOURCE", get: (e) => e.source },
          { header: "USER AGENT", get: (e) => e.userAgent, min: 10 },
          { header: "EVENT ID", get: (e) => e.id },
        ]);
        printStats(ctx.out, res.find((r) => r.stats)?.stats);
      },
    },
  ],
};
