/**
 * What every form kind's sender shares: whether a failed request certainly created nothing, the server's
 * field errors on the form's fields, and the never-send-twice marker of a POST.
 *
 * The marker: before a create request leaves, the draft on disk records what goes out — the
 * client-generated `publicIncidentUpdateDate` and the description (and the incident name) — durably. When
 * the answer is lost (timeout, connection cut, the service killed, a 5xx), the outcome is unknown, and the
 * next attempt first RE-READS and looks for what carries both the recorded date (same instant) and
 * description (`findSent`): found → it was posted; not found → it is posted, with the same date. A refusal
 * by the server (4xx) means nothing was created: the record is cleared and the error shown.
 *
 * Limitation (no idempotency key in the API): a request still queued inside a frozen server that wakes up
 * after the re-read would land as well.
 */
import { ApiError, ReadOnlyError, UsageError } from "../../api/errors.ts";
import type { IncidentUpdate } from "../../contract/schemas/incidents.ts";
import { errorLine } from "../data/loaders.ts";
import type { Draft, DraftStore } from "./drafts.ts";
import type { SendResult } from "./kinds/spec.ts";
import type { FormState } from "./types.ts";

/** Server validation keys (`incidentUpdates.0.description`) → the form's field keys. */
export function fieldErrorsOf(e: unknown, form: FormState): Record<string, string> | undefined {
  if (!(e instanceof ApiError) || !e.validation?.keys?.length) return undefined;
  const out: Record<string, string> = {};
  for (const k of e.validation.keys) {
    const parts = k.split(".");
    const hit = form.fields.find((f) => parts.includes(f.key));
    if (hit) out[hit.key] = e.serverMessage;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Whether a failed request certainly created nothing (the server refused it, or it never left). */
export function certainlyNotApplied(e: unknown): boolean {
  if (e instanceof UsageError || e instanceof ReadOnlyError) return true;
  return e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408;
}

/** A failed send: the error in one line, the server's field errors next to their fields. */
export function failed(e: unknown, f: FormState, unknownOutcome = false): SendResult {
  const head = unknownOutcome ? "outcome unknown (the retry re-reads the incident first): " : "";
  return { ok: false, error: `${head}${errorLine(e)}`, fieldErrors: fieldErrorsOf(e, f) };
}

/** What a draft records of a create request before it leaves. */
export type SentMarker = NonNullable<Draft["sent"]>;

const sameInstant = (a: unknown, b: string) => {
  const x = Date.parse(String(a ?? ""));
  return Number.isFinite(x) && x === Date.parse(b);
};

/** The update a lost request created, if any: same client-generated date and same description. */
export function findSent(
  updates: readonly IncidentUpdate[] | null | undefined,
  sent: SentMarker,
): IncidentUpdate | undefined {
  return (updates ?? []).find(
    (u) =>
      sameInstant(u.publicIncidentUpdateDate, sent.publicIncidentUpdateDate) &&
      (u.description ?? "").trim() === sent.description.trim(),
  );
}

/** Recording and clearing the marker in a draft on disk. */
export function sendMarker(deps: { drafts: DraftStore; now: () => number }) {
  return {
    /** Record what goes out, durably (fsynced), before it goes. */
    mark(draft: Draft | undefined, sent: SentMarker): Draft | undefined {
      if (!draft) return undefined;
      const d = { ...draft, sent, savedAt: deps.now() };
      deps.drafts.save(d, true);
      return d;
    },
    /** The server refused it: nothing was created, the next attempt posts without re-reading. */
    clear(draft: Draft | undefined): void {
      if (draft) deps.drafts.save({ ...draft, sent: undefined, savedAt: deps.now() });
    },
  };
}
