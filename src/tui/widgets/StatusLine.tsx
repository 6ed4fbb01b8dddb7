/**
 * The bottom line: profile@host (or which local service: `local service pid 1234`), READ-ONLY badge,
 * connection state, age of the shown data (a warning once stale), a service clock running ahead of this one, requests in flight, the last error (one line, sanitised). Every state has a symbol or a word, so
 * it reads the same without colour. The last error is shown reason first, for ERROR_SHOWN_MS, on the pane
 * it happened on (src/store/view/messages.ts).
 */
import { Box, Text } from "ink";
import { useRef } from "react";
import { clockAheadText, displayWidth, formatAgo, truncate } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { ERROR_SHOWN_MS, shownError } from "../../store/view/messages.ts";
import { serviceClockAhead } from "../../store/view/selectors.ts";
import { useClockUntil } from "../clock.ts";
import { useConsole, useInfo } from "../context.tsx";
import { paneLoadedAt } from "../panes/lookup.ts";

const CONNECTION = {
  connecting: { symbol: "◌", word: "connecting" },
  online: { symbol: "●", word: "online" },
  offline: { symbol: "✖", word: "offline" },
  // the service answered 401 (activity.ts): it is there, nothing can be read with this key
  refused: { symbol: "✖", word: "key refused" },
} as const;

/**
 * The age in steps of 10 s under a minute, then minutes: the line changes at most every 10 s, so an idle
 * console writes almost nothing (design.md §4: ≤ 100 B/s idle). "just now" lasts 20 s, so data refreshed
 * every 10 s (the statuses) never flickers to "10 s ago" while the next answer is on its way.
 */
export function dataAge(loadedAt: number, now: number): string {
  const s = Math.floor((now - loadedAt) / 1000);
  if (s < 20) return "just now";
  if (s < 60) return `${Math.floor(s / 10) * 10} s ago`;
  return formatAgo(loadedAt, now);
}

/** When the text of dataAge (or the stale warning) next changes, epoch ms. */
export function nextAgeChange(loadedAt: number | undefined, now: number, staleAfterMs: number): number {
  if (loadedAt === undefined) return Number.POSITIVE_INFINITY;
  const age = now - loadedAt;
  if (age < 20_000) return loadedAt + 20_000;
  const step = age < 60_000 ? 10_000 : age < 3_600_000 ? 60_000 : age < 86_400_000 ? 3_600_000 : 86_400_000;
  const next = loadedAt + (Math.floor(age / step) + 1) * step;
  const stale = loadedAt + staleAfterMs;
  return stale > now ? Math.min(next, stale + 1) : next;
}

function DataAge() {
  const { theme, staleAfterMs } = useInfo();
  const loadedAt = useConsole((s) => paneLoadedAt(s));
  const sessions = useConsole((s) => s.ui.pane === "sessions");
  const online = useConsole((s) => s.activity.connection === "online");
  const now = useClockUntil((t) =>
    sessions ? Number.POSITIVE_INFINITY : nextAgeChange(loadedAt, t, staleAfterMs),
  );
  // the sessions pane follows its sessions live — as long as the service answers
  if (sessions) return online ? <Text>live</Text> : <Text color={theme.warn}>⚠ not live</Text>;
  if (loadedAt === undefined) return <Text color={theme.dim}>no data yet</Text>;
  const stale = now - loadedAt > staleAfterMs;
  const age = dataAge(loadedAt, now);
  return stale ? <Text color={theme.warn}>{`⚠ stale: data ${age}`}</Text> : <Text>{`data ${age}`}</Text>;
}

/** Once, here: the service's clock runs ahead of this one (times shown as "ago" are clamped to now). */
function ClockAhead() {
  const { theme } = useInfo();
  const ahead = useConsole((s) => {
    const ms = serviceClockAhead(s);
    return ms === undefined ? undefined : clockAheadText(ms);
  });
  return ahead ? <Text color={theme.warn}>{` · ⚠ ${ahead}`}</Text> : null;
}

/**
 * The last error while it is shown (messages.ts `shownError`): from the moment the pane shown was opened,
 * for ERROR_SHOWN_MS; re-rendered once when it expires.
 */
function useShownError(): string | undefined {
  const pane = useConsole((s) => s.ui.pane);
  const lastError = useConsole((s) => s.activity.lastError);
  const lastErrorAt = useConsole((s) => s.activity.lastErrorAt);
  const since = useRef({ pane, at: 0 });
  if (since.current.pane !== pane) since.current = { pane, at: Date.now() };
  // one wake-up when it expires, none after (an expired time would re-arm the timer for ever)
  const now = useClockUntil((t) =>
    lastError && lastErrorAt !== undefined && lastErrorAt + ERROR_SHOWN_MS > t
      ? lastErrorAt + ERROR_SHOWN_MS
      : Number.POSITIVE_INFINITY,
  );
  return shownError({ lastError, lastErrorAt }, since.current.at, Math.max(now, Date.now()));
}

const READ_ONLY = " READ-ONLY ";

const portOf = (url: string) => {
  try {
    return new URL(url).port;
  } catch {
    return "?";
  }
};

/**
 * Who the console talks to in `room` cells: "default · local service (stops with the last console)", the
 * profile and host of a configured one. What gives way first is the local service's words in parentheses
 * ("default · local service"); only then is the text cut, with "…".
 */
export function whoText(profile: string, service: string | undefined, host: string, room: number): string {
  const forms = service
    ? [`${profile} · ${service}`, `${profile} · ${service.replace(/ \([^)]*\)$/, "")}`]
    : [`${profile}@${host}`];
  const clean = forms.map((f) => sanitizeLine(f));
  return clean.find((f) => displayWidth(f) <= room) ?? truncate(clean[clean.length - 1] ?? "", room);
}

export function StatusLine({ width }: { width: number }) {
  const { theme, readOnly, profile, host } = useInfo();
  const connection = useConsole((s) => s.activity.connection);
  const inFlight = useConsole((s) => s.activity.inFlight);
  const lastError = useShownError();
  const service = useConsole((s) => s.activity.service);
  const usualUrl = useConsole((s) => s.activity.serviceUsualUrl);
  const c = CONNECTION[connection];
  const tone =
    connection === "online"
      ? theme.tone.ok
      : connection === "offline" || connection === "refused"
        ? theme.tone.bad
        : theme.tone.busy;
  // the data dir's local service says which it is: one that stops with the last console, or a pid
  // the name of the service is the last thing to give way — an error beside a cut host ("prod@ap… ✖
  // offline") cannot say which service is down: the name is fitted to the line alone (42: the rest of
  // the line, the READ-ONLY badge beside it), and the error, last on the line and reason first, takes
  // what is left — its tail is what the line's own truncation cuts
  // the local service is not on the data dir's usual address (its port was taken): always on screen
  const moved = usualUrl ? ` ⚠ not on usual port ${portOf(usualUrl)}` : "";
  const rest = 42 + moved.length + (readOnly ? READ_ONLY.length : 0);
  const who = whoText(profile, service, host, Math.max(8, width - rest));
  const err = lastError ? sanitizeLine(lastError) : "";
  return (
    <Box width={width} height={1}>
      <Text wrap="truncate">
        <Text color={theme.dim}>{who}</Text>
        {moved ? <Text color={theme.warn}>{moved}</Text> : null}
        {readOnly ? (
          <Text inverse color={theme.warn}>
            {READ_ONLY}
          </Text>
        ) : null}
        <Text> </Text>
        <Text color={tone}>{`${c.symbol} ${c.word}`}</Text>
        <Text> · </Text>
        <DataAge />
        <ClockAhead />
        <Text>{` · ⇅ ${inFlight}`}</Text>
        {err ? <Text color={theme.error}>{` · ✖ ${err}`}</Text> : null}
      </Text>
    </Box>
  );
}
