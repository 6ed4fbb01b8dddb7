/**
 * An update to an incident (`u`): the text first (the fast path is u, text, Enter), the status defaulting
 * to the incident's current one and "notify subscribers" to what its latest update did. ONE POST, never
 * twice: the draft records the date and text before it leaves (send.ts); a retry after a lost answer first
 * re-reads the incident, and when the update is there (its text edited since: PUT to the new values) does
 * not post again.
 *
 * Typed while no incident was open, it has no target yet: Enter routes it (src/store/actions/draft-route.ts)
 * and writes the target into the draft before anything leaves, so the marker belongs to that incident.
 *
 * Enter reads the incident afresh before the confirmation (the list held is re-read only every 30 s, and a
 * teammate may have resolved it meanwhile):
 * - the status the engineer did not pick follows the incident's status NOW (not the one the form opened
 *   with), so an update does not reopen an incident by default;
 * - a resolved incident is named in the confirmation ("resolved 6 s ago — this update reopens it" when
 *   another status is picked, "its status stays RESOLVED" else), with the incidents open now; such a
 *   confirmation is `careful`: a `y` typed before it appeared does not answer it;
 * - a draft whose send got no answer: the confirmation says whether the update was found posted (then
 *   nothing is posted again; an edit of its text changes it in place, with notifySubscribers false —
 *   subscribers were emailed when it was posted, and a PUT with it true emails them again) or not found
 *   (posted once, with its first date).
 */
import type { Incident } from "../../../contract/schemas/incidents.ts";
import { formatAgo, formatTimestamp } from "../../../shared/format.ts";
import { openIncidentsNewestFirst } from "../../data/incidents.ts";
import { errorLine } from "../../data/loaders.ts";
import { apply } from "../../state.ts";
import { incidentRead } from "../../view/work.ts";
import type { Draft } from "../drafts.ts";
import {
  clip,
  errors,
  latestUpdate,
  statusLine,
  UPDATE_FIELDS,
  updateBody,
  updateFieldErrors,
} from "../rules.ts";
import { certainlyNotApplied, failed, findSent, sendMarker } from "../send.ts";
import { type FormState, makeForm, text } from "../types.ts";
import type { FormKindSpec, SendDeps, Sender } from "./spec.ts";

function open(inc: Incident): FormState {
  const last = latestUpdate(inc);
  return makeForm({
    kind: "update",
    title: `Update: ${inc.name}`,
    target: { incidentId: inc.id, label: inc.name },
    fields: UPDATE_FIELDS,
    values: {
      description: "",
      status: statusOf(inc),
      notify: last?.notifySubscribers ?? false,
    },
    // the status as the form opened with it: one the engineer did not pick follows the incident's
    base: { status: statusOf(inc) },
  });
}

/** An incident's status now: its last update's status. */
const statusOf = (inc: Incident): string =>
  String(inc.lastUpdateStatus ?? latestUpdate(inc)?.status ?? "INVESTIGATING");

/** The update `draft.sent` recorded, as the incident read now has it (found: it was posted). */
const posted = (inc: Incident, draft: Draft | undefined) =>
  draft?.sent ? findSent(inc.incidentUpdates, draft.sent) : undefined;

function validate(f: FormState): Record<string, string> {
  return errors([...updateFieldErrors(f)]);
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  const marker = sendMarker(deps);
  const remember = (inc: Incident) => apply(store, incidentRead(store.getState(), inc));
  return {
    async confirm(f, draft) {
      const id = f.target.incidentId!;
      let inc: Incident;
      try {
        inc = await client.incidents.get(id);
      } catch (e) {
        return { error: `the incident could not be read afresh: ${errorLine(e)}` };
      }
      remember(inc);
      const name = `"${clip(inc.name, 50)}"`;
      const typed = clip(text(f, "description").trim());
      const hit = posted(inc, draft);
      if (hit) {
        const same =
          (hit.description ?? "").trim() === text(f, "description").trim() &&
          hit.status === text(f, "status");
        const at = formatTimestamp(hit.publicIncidentUpdateDate);
        return {
          title: `This update WAS posted to ${name} (${at}; found by re-reading the incident)`,
          lines: same
            ? ["Nothing is posted again: y closes the draft."]
            : [
                "y changes the posted update in place to (one PUT, not a new update):",
                `status: ${text(f, "status")}`,
                typed,
                "subscribers are not emailed again (notify is sent off: they were emailed when it was posted, if it said so)",
              ],
        };
      }
      // the status the engineer did not pick follows the incident's status now
      const cur = statusOf(inc);
      const picked = f.base === undefined || text(f, "status") !== f.base.status;
      const next: FormState = picked
        ? f
        : { ...f, values: { ...f.values, status: cur }, base: { ...f.base, status: cur } };
      const followed = !picked && text(f, "status") !== cur;
      const status = text(next, "status");
      const lines: string[] = [];
      if (draft?.sent)
        lines.push("Not found posted (the incident re-read just now): y posts it once, with its first date.");
      const careful = cur === "RESOLVED";
      if (cur === "RESOLVED") {
        const when = formatAgo(latestUpdate(inc, deps.now())?.publicIncidentUpdateDate, deps.now());
        lines.push(
          status === "RESOLVED"
            ? `⚠ ${name} is RESOLVED (${when}): this update is posted to a resolved incident; its status stays RESOLVED`
            : `⚠ ${name} was RESOLVED ${when} — this update REOPENS it (status → ${status})`,
        );
        const others = openIncidentsNewestFirst(store.getState()).filter((i) => i.id !== inc.id);
        if (others.length > 0)
          lines.push(
            `open now: ${others
              .slice(0, 2)
              .map((i) => `"${clip(i.name, 30)}"`)
              .join(
                ", ",
              )}${others.length > 2 ? ` and ${others.length - 2} more` : ""} — n / Esc, then u on it posts there`,
          );
      } else if (followed)
        lines.push(`status: ${status} (the incident's status now; the form had ${text(f, "status")})`);
      return {
        title: `Post this update to ${name}?`,
        lines: [...lines, statusLine(next), typed],
        form: next,
        careful,
      };
    },
    async send(f, draft) {
      const incidentId = f.target.incidentId!;
      const body = updateBody(f, undefined);
      if (draft?.sent) {
        let inc: Incident;
        try {
          inc = await client.incidents.get(incidentId);
        } catch (e) {
          return failed(e, f, true);
        }
        const hit = findSent(inc.incidentUpdates, draft.sent);
        if (hit?.id) {
          const same = (hit.description ?? "").trim() === body.description && hit.status === body.status;
          if (!same) {
            try {
              // changed in place; never emailed again (the confirmation said so)
              await client.incidentUpdates.update(incidentId, hit.id, {
                ...body,
                notifySubscribers: false,
                publicIncidentUpdateDate: draft.sent.publicIncidentUpdateDate,
              });
            } catch (e) {
              return failed(e, f);
            }
          }
          remember(await client.incidents.get(incidentId).catch(() => inc));
          return { ok: true, notice: "the update had been posted (found by re-reading the incident)" };
        }
      }
      const date = draft?.sent?.publicIncidentUpdateDate ?? new Date(deps.now()).toISOString();
      const marked = marker.mark(draft, {
        publicIncidentUpdateDate: date,
        description: body.description,
        at: deps.now(),
      });
      try {
        await client.incidentUpdates.create(incidentId, { ...body, publicIncidentUpdateDate: date });
      } catch (e) {
        if (certainlyNotApplied(e)) {
          marker.clear(marked);
          return failed(e, f);
        }
        return failed(e, f, true);
      }
      const inc = await client.incidents.get(incidentId).catch(() => undefined);
      if (inc) remember(inc);
      return { ok: true, notice: `update posted to "${f.target.label ?? incidentId}"` };
    },
  };
}

/** An update needs its incident: while the latest open one is looked for, Enter submits once it is found. */
function notReady(f: FormState): "wait" | string | undefined {
  if (f.target.incidentId) return undefined;
  return f.note?.startsWith("looking") ? "wait" : "no incident to update (n creates one)";
}

export const update = {
  open,
  validate,
  notReady,
  draft: {
    label: (d) =>
      d.target.incidentId
        ? `update to "${d.target.label ?? "an incident"}"`
        : "update typed while no incident was open (Enter sends it to the one open, or asks which)",
    reopen: (d, ctx): FormState =>
      d.target.incidentId
        ? open(ctx.incident)
        : // typed while no incident was open: Enter routes it (actions/draft-route.ts)
          { ...open(ctx.incident), target: {}, title: "Update — no incident yet" },
    sameTarget: (d, t) => d.target.incidentId === t.incidentId,
  },
  sender,
} satisfies FormKindSpec;
