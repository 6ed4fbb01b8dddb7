/** Check statuses (api-notes §3.2, BEYOND THE SEED): one bare array for all checks, or one check's row. */

import type { z } from "zod";
import {
  CHANGED_SINCE_PARAM,
  type CheckStatus,
  checkStatusListSchema,
  checkStatusSchema,
  STATUS_CURSOR_HEADER,
  STATUS_FIELDS_PARAM,
  STATUS_SINCE_HEADER,
} from "../contract/schemas/check-statuses.ts";
import type { HttpClient, HttpResponse } from "./http.ts";
import { pathId } from "./input.ts";

export function checkStatusesApi(http: HttpClient) {
  return {
    async list(opts: { signal?: AbortSignal } = {}): Promise<CheckStatus[]> {
      const res = await http.request({
        method: "GET",
        path: "/v1/check-statuses",
        schema: checkStatusListSchema,
        signal: opts.signal,
      });
      return res.data;
    },

    async get(checkId: string, opts: { signal?: AbortSignal } = {}): Promise<CheckStatus> {
      const res = await http.request({
        method: "GET",
        path: `/v1/check-statuses/${pathId(checkId, "check id")}`,
        schema: checkStatusSchema,
        signal: opts.signal,
      });
      return res.data;
    },
  };
}

/** What one read of a status feed brought: every status (`full`), or those changed since the last read. */
export type StatusRead<T> = { full: boolean; items: T[] };

/** A full read at least this often, whatever the service offers (ms): the screen is never wrong for long. */
export const FULL_READ_EVERY_MS = 300_000;

const headerOf = (res: HttpResponse<unknown>, name: string): string | undefined => {
  const v = res.headers[name];
  return typeof v === "string" ? v : undefined;
};

/**
 * Every check's status, read again and again (the console's poll) — in slices (HttpClient.requestArray),
 * each element parsed by `element` — and, from a service that hands out a status cursor (vigil's own; the
 * hosted API sends none), only the statuses changed since the last read. A read is a delta only when the
 * answer says it is the delta of the cursor asked with; anything else is taken as the full list: a
 * service without the extension, one that did not know the cursor (it restarted, results were deleted, a
 * check was written), a failed read (`forget`, or a read that threw) — and a full read at least every
 * `fullEveryMs`.
 *
 * `fields` (the members `element` reads): asked for (vigil's STATUS_FIELDS_PARAM) only of a service that
 * showed it is vigil's — it handed out a cursor, or `vigil()` says so (the checks list offered its wide
 * pages) — so a status carries only those; the hosted API is asked exactly as without.
 */
export function statusFeed<E extends z.ZodType>(
  http: HttpClient,
  element: E,
  opts: { fullEveryMs?: number; now?: () => number; fields?: string; vigil?: () => boolean } = {},
) {
  const fullEveryMs = opts.fullEveryMs ?? FULL_READ_EVERY_MS;
  const now = opts.now ?? Date.now;
  let held: { cursor: string; fullAt: number } | undefined;
  /** The service handed out a status cursor: vigil's. */
  let cursors = false;
  return {
    /**
     * `keep`, given, is applied to each status as it is parsed (the console's: interned, and the held
     * object when equal to it): what the read holds to its end is what `keep` returned, the parsed copy
     * gone at once.
     */
    async read(
      signal?: AbortSignal,
      keep?: (status: z.output<E>) => z.output<E>,
    ): Promise<StatusRead<z.output<E>>> {
      const ask = held && now() - held.fullAt < fullEveryMs ? held : undefined;
      held = undefined;
      const slim = opts.fields !== undefined && (cursors || opts.vigil?.() === true);
      const query = {
        ...(ask ? { [CHANGED_SINCE_PARAM]: ask.cursor } : {}),
        ...(slim ? { [STATUS_FIELDS_PARAM]: opts.fields } : {}),
      };
      const res = await http.requestArray(
        {
          method: "GET",
          path: "/v1/check-statuses",
          query: ask || slim ? query : undefined,
          signal,
        },
        element,
        keep,
      );
      const full = !ask || headerOf(res, STATUS_SINCE_HEADER) !== ask.cursor;
      const cursor = headerOf(res, STATUS_CURSOR_HEADER);
      if (cursor) cursors = true;
      if (cursor) held = { cursor, fullAt: full ? now() : (ask as { fullAt: number }).fullAt };
      return { full, items: res.data };
    },
    /** The next read is a full one. */
    forget(): void {
      held = undefined;
    },
  };
}
