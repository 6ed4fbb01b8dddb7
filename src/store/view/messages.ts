/**
 * The status line's last error, as one model: what went wrong first (the reason — a narrow terminal cuts
 * the end of the line, never the reason), then which request and when; said once (an error's own
 * `GET /v1/… failed:` prefix is not repeated before it); and shown for a while only — ERROR_SHOWN_MS after
 * it happened, and only on the pane it happened on (switching panes puts it away). Pure.
 */
import { ApiError } from "../../api/errors.ts";
import { errorMessage } from "../../shared/errors.ts";

/** How long the last error stays on the status line: 30 s (README: "The status line"). */
export const ERROR_SHOWN_MS = 30_000;

/** `GET /v1/checks/x failed: ` / `GET /v1/checks/x: ` — the prefix the client's errors start with. */
const REQUEST_PREFIX = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+(?: failed)?: /;

/** Why a request failed, without the request: `500 Internal error`, `network error: connect ECONNREFUSED …`. */
export function errorReason(e: unknown): string {
  if (e instanceof ApiError) return `${e.status} ${e.serverMessage}`.trim();
  const m = errorMessage(e);
  const first = m.split("\n")[0] ?? m;
  return first.replace(REQUEST_PREFIX, "");
}

/** `09:41:07` of an epoch ms, UTC as the rest of the console's clock-of-day times. */
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The line of a failed request: reason first, then the request (no query string) and the time. */
export function requestErrorLine(method: string, path: string, error: unknown, at: number): string {
  const bare = path.split("?")[0] ?? path;
  return `${errorReason(error)} — ${method} ${bare} at ${clock(at)}`;
}

/** The line of a failed action (`mute`, `trigger`): `mute: 400 "name" …` — the action named once. */
export function actionErrorLine(action: string, error: unknown): string {
  const reason = errorReason(error);
  return reason.startsWith(`${action}:`) ? reason : `${action}: ${reason}`;
}

/**
 * The error the status line shows now, if any: the last one, while younger than ERROR_SHOWN_MS and not
 * older than the moment the shown pane was opened (`paneSince`).
 */
export function shownError(
  a: { lastError?: string | undefined; lastErrorAt?: number | undefined },
  paneSince: number,
  now: number,
): string | undefined {
  if (!a.lastError) return undefined;
  const at = a.lastErrorAt ?? now;
  if (at < paneSince || now - at >= ERROR_SHOWN_MS) return undefined;
  return a.lastError;
}
