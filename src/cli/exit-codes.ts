/**
 * The exit codes of every vigil command, one table (written in `vigil --help` and the README):
 *
 * | code | meaning |
 * |---|---|
 * | 0 | ok |
 * | 1 | the thing checked is failing, a run failed, or another error |
 * | 2 | usage: a bad flag, argument or configuration, a request the service refused as invalid |
 * | 3 | not found: the id (check, session, incident, …) does not exist, or no service runs there |
 * | 4 | auth: the service refused the API key (401/403) |
 * | 5 | the service is unreachable (network error, no answer in time, 502/503/504) |
 * | 6 | refused by rule: read-only mode, a heartbeat check on `trigger`, a state the service will not change |
 * | 130 | interrupted (Ctrl-C) |
 */
import { ApiError, NetworkError, ReadOnlyError, TimeoutError, UsageError } from "../api/errors.ts";

export const EXIT = {
  OK: 0,
  FAILING: 1,
  USAGE: 2,
  NOT_FOUND: 3,
  AUTH: 4,
  UNREACHABLE: 5,
  REFUSED: 6,
  INTERRUPTED: 130,
} as const;

/** The lines of `vigil --help` (and the README) that explain the codes. */
export const EXIT_HELP = [
  "0 ok · 1 the thing checked is failing, a run failed, or another error · 2 usage (bad flag, argument,",
  "configuration, or a request the service refused as invalid) · 3 not found · 4 auth (the key was",
  "refused) · 5 the service is unreachable · 6 refused by rule (read-only mode, a heartbeat check on",
  "trigger, a change the service did not make) · 130 interrupted",
];

/** A refusal by rule (exit 6): the request was understood and is not allowed. */
export class RefusedError extends UsageError {
  override name = "RefusedError";
  override readonly exitCode: number = EXIT.REFUSED;
}

/** Something named does not exist (exit 3), found out before or without the service saying 404. */
export class NotFoundError extends UsageError {
  override name = "NotFoundError";
  override readonly exitCode: number = EXIT.NOT_FOUND;
}

/** The exit code an error ends a command with. */
export function exitCodeOf(e: unknown): number {
  if (e instanceof RefusedError || e instanceof NotFoundError) return e.exitCode;
  if (e instanceof UsageError) return EXIT.USAGE;
  if (e instanceof ReadOnlyError) return EXIT.REFUSED;
  if (e instanceof NetworkError || e instanceof TimeoutError) return EXIT.UNREACHABLE;
  if (e instanceof ApiError) {
    if (e.status === 401 || e.status === 403) return EXIT.AUTH;
    if (e.status === 404) return EXIT.NOT_FOUND;
    if (e.status === 400 || e.status === 422) return EXIT.USAGE;
    if (e.status === 409 || e.status === 423) return EXIT.REFUSED;
    if (e.status === 502 || e.status === 503 || e.status === 504) return EXIT.UNREACHABLE;
    return EXIT.FAILING;
  }
  return EXIT.FAILING;
}
