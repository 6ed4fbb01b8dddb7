/** The detail of one check: configuration summary, recent results as a strip, alert subscriptions. */
import { Box, Text } from "ink";
import { channelTarget } from "../../../contract/channel-types.ts";
import { specOf } from "../../../contract/check-types.ts";
import type { Check } from "../../../contract/schemas/checks.ts";
import { maskUrlCredentials } from "../../../contract/secrets.ts";
import { scaleFor, sparkCells } from "../../../shared/chart-scale.ts";
import { formatInterval, frequencyMs } from "../../../shared/check-interval.ts";
import {
  checkHealth,
  checkMarkWords,
  checkSymbol,
  clampToNow,
  formatAgo,
  formatMs,
  statusSymbol,
  toEpochMs,
  wrapParts,
} from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import type { CheckSummary, ResultSummary } from "../../../store/data/summary.ts";
import {
  heartbeatNow,
  heartbeatStateLine,
  periodText,
  pingUrlOf,
  type ServiceAt,
  timingOf,
} from "../../../store/triage/heartbeat-timeline.ts";
import { atLocations, heldFromFirstRun } from "../../../store/triage/timeline.ts";
import { lastRunOf } from "../../../store/view/selectors.ts";
import { useClock } from "../../clock.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import { Cells } from "../../widgets/Sparkline.tsx";
import { alertLines, type HistoryLine, sinceLine, timelineText, whyLines } from "./history-lines.ts";

/** A channel's target in one line, secrets masked (one rule, shared with the overview and the CLI). */

/** A passive check (a heartbeat: pinged, not run) has no frequency, thresholds or response times. */
const passive = (c: CheckSummary) => specOf(String(c.checkType))?.runs === "passive";

/** A heartbeat's state: its last real ping, when the next is due, or overdue and by how long. */
function HeartbeatLine({ check, width }: { check: CheckSummary | Check; width: number }) {
  const { theme, utc } = useInfo();
  const entry = useConsole((s) => s.heartbeats.byCheck.get(check.id));
  const now = useClock(15_000);
  const timing = timingOf(check);
  const line =
    entry?.loadedAt !== undefined
      ? heartbeatStateLine(heartbeatNow(entry.events, timing, now), timing, now, entry.from, { utc })
      : { text: entry?.error ? `✖ ${entry.error}` : "reading its pings…", tone: undefined, parts: undefined };
  // at a narrow width on a second line, broken between its parts: never a time cut
  const texts = wrapParts(
    (line.parts ?? [line.text]).map((p) => sanitizeLine(p)),
    width - 2,
    " ",
    "  ",
  );
  return (
    <>
      {texts.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the state's lines, in order
        <Text key={i} wrap="truncate" color={line.tone ? theme.tone[line.tone] : theme.dim}>
          {`  ${t}`}
        </Text>
      ))}
    </>
  );
}

const everyText = (interval: string | undefined) => (interval === undefined ? "—" : `every ${interval}`);

/** The configuration lines: the list entry's fields at once, the rest once the full check is read. */
function configLines(c: CheckSummary, full: Check | undefined, at: ServiceAt): [string, string][] {
  const out: [string, string][] = [
    ["type", String(c.checkType)],
    ["state", `${c.activated === false ? "deactivated" : "activated"}${c.muted ? ", muted" : ""}`],
    // a heartbeat is pinged, not run: its period and grace, never a frequency it does not run at
    passive(c)
      ? ["period", periodText(timingOf(full ?? c))]
      : ["frequency", everyText(formatInterval(frequencyMs(c.frequency)))],
    ["locations", [...(c.locations ?? []), ...(c.privateLocations ?? [])].join(", ") || "—"],
    ["tags", (c.tags ?? []).join(", ") || "—"],
  ];
  if (!full) return out;
  const r = full.request;
  if (r?.url) out.push(["request", `${r.method ?? "GET"} ${maskUrlCredentials(r.url)}`]);
  if (r?.hostname) out.push(["target", `${r.hostname}${r.port ? `:${r.port}` : ""}`]);
  if (r?.query) out.push(["query", `${r.recordType ?? ""} ${r.query}`]);
  if (full.heartbeat) {
    const ping = pingUrlOf(full, at);
    out.push(["ping URL", `${ping.text}${ping.url ? "  (y copies it)" : ""}`]);
    if (ping.note) out.push(["", ping.note]);
  }
  if (!passive(c) && (full.degradedResponseTime != null || full.maxResponseTime != null))
    out.push([
      "thresholds",
      `degraded ${formatMs(full.degradedResponseTime)}, max ${formatMs(full.maxResponseTime)}`,
    ]);
  if (full.description) out.push(["description", full.description]);
  return out;
}

/** The latest run: where it ran, its error (a browser script's failing line), its screenshot. */
function LatestRun({ result, said }: { result: ResultSummary; said: boolean }) {
  const { theme } = useInfo();
  const failed = result.hasFailures || result.hasErrors;
  const ended = clampToNow(result.stoppedAt ?? result.startedAt);
  const where = `latest run ${formatAgo(ended)} at ${sanitizeLine(result.runLocation ?? "—")}`;
  return (
    <>
      <Text wrap="truncate">
        <Text color={theme.dim}>{`  ${where}`}</Text>
        {result.screenshot ? (
          <Text color={theme.dim}>{`  · screenshot saved (${sanitizeLine(result.screenshot)})`}</Text>
        ) : null}
      </Text>
      {result.errorMessage && (failed || result.isCancelled) && !said ? (
        <Text wrap="truncate" color={result.isCancelled ? theme.dim : theme.error}>
          {`  ${result.isCancelled ? "⊘" : "✖"} ${sanitizeLine(result.errorMessage)}`}
        </Text>
      ) : null}
    </>
  );
}

const runSymbol = (r: ResultSummary) =>
  statusSymbol(
    r.isCancelled
      ? "cannot run"
      : r.hasFailures || r.hasErrors
        ? "failing"
        : r.isDegraded
          ? "degraded"
          : "passing",
  ).symbol;

/**
 * Since when the check is in its state and its state changes (from the FINAL results held), then the
 * alerts those changes raised and what each channel was told (at most `alertRows` of them).
 */
function History({
  id,
  items,
  all,
  ended,
  createdAt,
  health,
  width,
  alertRows,
  why,
}: {
  id: string;
  /** The results held at the check's locations now (atLocations). */
  items: readonly ResultSummary[];
  /** Every result held, wherever it ran: what is proven to begin at the first run, or not. */
  all: readonly ResultSummary[];
  /** The service gave no more results than `all` (ResultsEntry.ended). */
  ended: boolean;
  /** The check's `created_at` (from its full read; the list entry has none): unknown proves nothing. */
  createdAt: string | null | undefined;
  health: ReturnType<typeof checkHealth>;
  width: number;
  alertRows: number;
  /** Why it is in its state, wrapped (whyLines). */
  why: readonly string[];
}) {
  const { theme } = useInfo();
  const entry = useConsole((s) => s.history.alerts.get(id));
  const channels = useConsole((s) => s.alertChannels.items);
  const now = useClock(15_000);
  // "since its first run" only when the results held are shown to begin there (timeline.ts)
  const fromFirstRun = heldFromFirstRun(all, ended, { created_at: createdAt }, now);
  const since = sinceLine(items, health, now, fromFirstRun);
  const color = (l: HistoryLine) => (l.tone === "dim" ? theme.dim : l.tone ? theme.tone[l.tone] : undefined);
  const alerts = alertLines(entry, channels, channelTarget, now, alertRows);
  return (
    <>
      <Text wrap="truncate">
        <Text bold>{"State"}</Text>
        <Text>{since ? `  ${health} ${sanitizeLine(since)}` : ""}</Text>
      </Text>
      {why.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the reason's lines, in order
        <Text key={i} wrap="truncate" color={health === "degraded" ? theme.tone.warn : theme.error}>
          {`  ${sanitizeLine(l)}`}
        </Text>
      ))}
      <Text
        wrap="truncate"
        color={theme.dim}
      >{`  ${sanitizeLine(timelineText(items, now, width - 4, fromFirstRun))}`}</Text>
      <Text bold>{`Alerts${entry?.loadedAt !== undefined ? ` (${entry.alerts.length})` : ""}`}</Text>
      {alerts.slice(0, Math.max(1, alertRows)).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines, newest first
        <Text key={i} wrap="truncate" color={color(l)}>{`  ${sanitizeLine(l.text)}`}</Text>
      ))}
    </>
  );
}

export function CheckDetail({ id, width, height }: { id: string; width: number; height: number }) {
  const { theme, keymap } = useInfo();
  // the full check (read when the detail opened) once it is here, the slim list entry until then
  const full = useConsole((s) => s.details.checks.get(id));
  const summary = useConsole((s) => s.checks.byId.get(id));
  const check = full ?? summary;
  const status = useConsole((s) => s.statuses.byId.get(id));
  const results = useConsole((s) => s.results.byCheck.get(id));
  const channels = useConsole((s) => s.alertChannels.items);
  // the local service's address now and its usual one (a heartbeat's ping URL line)
  const serviceUrl = useConsole((s) => s.activity.serviceUrl);
  const serviceUsualUrl = useConsole((s) => s.activity.serviceUsualUrl);
  if (!check) return <Text color={theme.dim}>check not found (it may have been deleted)</Text>;
  const health = checkHealth(status);
  // a deactivated check does not run: ⊘, whatever its last state said
  const sym = checkSymbol(health, check);
  const state = check.activated === false ? "deactivated" : health;
  const muted = check.muted === true ? ` · ${checkMarkWords({ muted: true })}` : "";
  const items = [...(results?.items ?? [])].reverse();
  // the run symbols and the response times one cell per result, the same results in the same columns;
  // response times on a scale from 0 to the max printed (a flat series flat at its level), a run without
  // one a `·`, a failed run's bar in the failure colour
  const stripN = Math.max(1, Math.min(items.length, width - 4 - 28));
  const shownRuns = items.slice(-stripN);
  const strip = shownRuns.map(runSymbol).join("");
  const times = shownRuns.map((r) => r.responseTime ?? null);
  const timeCells = sparkCells(times, scaleFor("milliseconds", times)).map((c, i) =>
    c.tone !== "gap" && (shownRuns[i]?.hasFailures || shownRuns[i]?.hasErrors)
      ? { ...c, tone: "bad" as const }
      : c,
  );
  const maxTime = Math.max(0, ...times.filter((t): t is number => typeof t === "number"));
  const privateSlugs = new Set(check.privateLocations ?? []);
  const byLocation = Map.groupBy(items, (r) => r.runLocation ?? "—");
  const subs = full?.alertChannelSubscriptions ?? [];
  const lines = configLines(check, full, { serviceUrl, serviceUsualUrl });
  const latest = items[items.length - 1];
  // the later of the status's run and the newest result, as the list's row says it
  const lastRun = lastRunOf(toEpochMs(status?.updated_at), status?.lastRunLocation, latest);
  // why it is in its state, under the state line: the reason whole, on up to 3 lines at a narrow width
  // (the latest run's line then does not say it again)
  const why = whyLines(results?.items ?? [], health, check, width);
  const whyShown = latest !== undefined && why.id === latest.id;
  // (14: the lines around them, the latest run's error among them — which the reason's first line takes
  // when it is that run's)
  const used = lines.length + 14 + Math.max(0, why.lines.length - (whyShown ? 1 : 0));
  // the state (2 lines, its reason) and the alerts (a title and 1–3 lines) before the subscriptions get the rest
  const alertRows = Math.max(1, Math.min(3, height - used - Math.min(subs.length, 2)));
  const room = Math.max(0, height - used - alertRows);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate">
        <Text color={theme.tone[sym.tone]}>{`${sym.symbol} ${state}${muted}`}</Text>
        <Text bold>{`  ${sanitizeLine(check.name)}`}</Text>
        {passive(check) ? null : (
          <Text
            color={theme.dim}
          >{`  last run ${formatAgo(clampToNow(lastRun.at))} at ${sanitizeLine(lastRun.location ?? "—")}`}</Text>
        )}
      </Text>
      {passive(check) ? <HeartbeatLine check={check} width={width} /> : null}
      {lines.map(([k, v]) => (
        <Text key={k} wrap="truncate">
          <Text color={theme.dim}>{`${k.padEnd(12)} `}</Text>
          {sanitizeLine(v)}
        </Text>
      ))}
      <Text wrap="truncate">
        <Text bold>{`Recent results (${items.length}, oldest → newest)`}</Text>
        <Text color={theme.dim}>{`  ${keyHint(keymap, "checks", "results", ": every result")}`}</Text>
      </Text>
      <Text wrap="truncate">
        {items.length
          ? `  ${strip}`
          : `  ${results?.error ? `✖ ${sanitizeLine(results.error)}` : "loading…"}`}
      </Text>
      {items.length && !passive(check) ? (
        <Text wrap="truncate">
          {"  "}
          <Cells cells={timeCells} />
          <Text
            color={theme.dim}
          >{`  0–${formatMs(maxTime)} · max ${formatMs(maxTime)} · last ${formatMs(items[items.length - 1]?.responseTime)}`}</Text>
        </Text>
      ) : (
        <Text> </Text>
      )}
      {byLocation.size > 0 ? (
        <Text wrap="truncate">
          <Text color={theme.dim}>{"  from  "}</Text>
          {[...byLocation]
            .map(
              ([loc, rs]) =>
                `${sanitizeLine(loc)}${privateSlugs.has(loc) ? " (private, agents)" : ""} ${rs.map(runSymbol).join("").slice(-12)}`,
            )
            .join("  ·  ")}
        </Text>
      ) : null}
      {latest ? <LatestRun result={latest} said={whyShown} /> : null}
      <History
        id={id}
        items={atLocations(items, check)}
        all={items}
        ended={results?.ended === true}
        createdAt={full?.created_at}
        health={health}
        width={width}
        alertRows={alertRows}
        why={why.lines}
      />
      <Text wrap="truncate">
        <Text bold>{full ? `Alert subscriptions (${subs.length})` : "Alert subscriptions (loading…)"}</Text>
        {/* a short terminal lists fewer than it has: say so, never a list that looks whole */}
        {full && subs.length > room ? (
          <Text
            color={theme.dim}
          >{`  … ${subs.length - room} not shown (a taller terminal lists them)`}</Text>
        ) : null}
      </Text>
      {full && subs.length === 0 ? <Text color={theme.dim}> none</Text> : null}
      {subs.slice(0, room).map((sub) => {
        const ch = channels.find((c) => c.id === sub.alertChannelId);
        const label = ch ? `${ch.type} ${channelTarget(ch)}` : "(channel not loaded)";
        return (
          <Text key={sub.alertChannelId} wrap="truncate">
            {`  ${sub.activated === false ? "⊘" : "✔"} #${sub.alertChannelId} ${sanitizeLine(label)}`}
          </Text>
        );
      })}
    </Box>
  );
}
