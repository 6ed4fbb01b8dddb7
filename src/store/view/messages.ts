/**
 * The status line's last error, as one model: what went wrong first (the reason — a narrow terminal cuts
 * the end of the line, never the reason), then which request and when; said once (an error's own
 * `GET /v1/… failed:` prefix is not repeated before it); and shown for a while only — ERROR_SHOWN_MS after
 * it happened, only on the pane it happened on (switching panes puts it away), and only until a later
 * answer supersedes it (`supersedes`): the line never says "online" beside an error that is no longer
 * true. Pure.
 */
import { ApiError, NetworkError, TimeoutError } from "../../api/errors.ts";
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

/** Statuses that say the service itself is not there to answer (its gateway answered, or it is down). */
export const UNAVAILABLE = new Set([502, 503, 504]);

/** A failed request as what may supersede it: its request (method and path, no query) and how it failed. */
export type RequestFailure = { method: string; path: string; answered: boolean };

/** What a failed request was (for `supersedes`): `answered` false when the service gave no answer. */
export function requestFailure(method: string, path: string, error: unknown): RequestFailure {
  const unanswered =
    error instanceof NetworkError ||
    error instanceof TimeoutError ||
    (error instanceof ApiError && UNAVAILABLE.has(error.status));
  return { method, path: path.split("?")[0] ?? path, answered: !unanswered };
}

/**
 * The rule of when a request's error stops standing on the status line before its ERROR_SHOWN_MS: a later
 * attempt's answer (`status`, 0 = none) supersedes it —
 * - an error without an answer (the service unreachable, timed out, or 502/503/504) by any answer from the
 *   service (not 502/503/504): the service answers now, the same answer that says "online";
 * - any error by a success (below 400) of the same request (method and path, the query aside): what
 *   failed works now.
 * Another request's success, or another failure, does not: a 500 of one endpoint stays while the others
 * answer. An action's own line (`mute: …`) is not a request's and stays its 30 s.
 */
export function supersedes(failed: RequestFailure, method: string, path: string, status: number): boolean {
  if (status <= 0 || UNAVAILABLE.has(status)) return false;
  if (!failed.answered) return true;
  return status < 400 && method === failed.method && (path.split("?")[0] ?? path) === failed.path;
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
