/**
 * An update to an incident (`u`): the text first (the fast path is u, text, Enter), the status defaulting
 * to the incident's current one and "notify subscribers" to what its latest update did. ONE POST, never
 * twice: the draft records the date and text before it leaves (send.ts); a retry after a lost answer first
 * re-reads the incident, and when the update is there (its text edited since: PUT to the new values) does
 * not post again.
 *
 * Typed while no incident was open, it has no target yet: Enter routes it (src/store/actions/draft-route.ts)
 * and writes the target into the draft before anything leaves, so the marker belongs to that incident.
 */
import type { Incident } from "../../../contract/schemas/incidents.ts";
import { apply } from "../../state.ts";
import { incidentRead } from "../../view/work.ts";
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
      status: String(inc.lastUpdateStatus ?? last?.status ?? "INVESTIGATING"),
      notify: last?.notifySubscribers ?? false,
    },
  });
}

function validate(f: FormState): Record<string, string> {
  return errors([...updateFieldErrors(f)]);
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  const marker = sendMarker(deps);
  const remember = (inc: Incident) => apply(store, incidentRead(store.getState(), inc));
  return {
    confirm: (f) => ({
      title: `Post this update to "${f.target.label ?? "the incident"}"?`,
      lines: [statusLine(f), clip(text(f, "description").trim())],
    }),
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
          const same =
            (hit.description ?? "").trim() === body.description &&
            hit.status === body.status &&
            (hit.notifySubscribers ?? false) === body.notifySubscribers;
          if (!same) {
            try {
              await client.incidentUpdates.update(incidentId, hit.id, {
                ...body,
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
