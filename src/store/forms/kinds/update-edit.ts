/**
 * Editing an update of an incident (`e`): the same fields as a new one, filled with its values; its
 * public date is kept so the PUT does not move it in time. A PUT is idempotent: a lost answer is resolved
 * by sending the same body again.
 *
 * "notify subscribers" starts OFF whatever the update said: a PUT with it on emails the subscribers again
 * (the service and the hosted API both notify on every write that carries it), and an edit is most often a
 * correction that must not reach every subscriber twice. Switched on, the confirmation says they are
 * emailed again.
 *
 * The API keeps no "was emailed" apart from the flag: a PUT stores the edit's `notifySubscribers` (hosted
 * and service alike: omitted is false), so an edit with notify off turns the ✉ the detail shows — "the
 * subscribers were emailed" — off for good. That record is the API's and is not faked here; the
 * confirmation says it before `y` (`emailedMark`), so nobody is misled by the ✉ going.
 */
import type { Incident, IncidentUpdate } from "../../../contract/schemas/incidents.ts";
import { apply, type ConsoleStore } from "../../state.ts";
import { incidentRead } from "../../view/work.ts";
import { clip, errors, UPDATE_FIELDS, updateBody, updateFieldErrors } from "../rules.ts";
import { failed } from "../send.ts";
import { type FormState, flag, makeForm, text } from "../types.ts";
import type { FormKindSpec, SendDeps, Sender } from "./spec.ts";

function open(inc: Incident, u: IncidentUpdate): FormState {
  return makeForm({
    kind: "update-edit",
    title: `Edit update of ${inc.name}`,
    target: { incidentId: inc.id, updateId: String(u.id ?? ""), label: inc.name },
    fields: UPDATE_FIELDS,
    values: {
      description: u.description ?? "",
      status: String(u.status ?? inc.lastUpdateStatus ?? "INVESTIGATING"),
      // off: a PUT with it on emails the subscribers again (see above)
      notify: false,
      // kept so the PUT does not move the update in time
      date: String(u.publicIncidentUpdateDate ?? ""),
    },
  });
}

function validate(f: FormState): Record<string, string> {
  return errors([...updateFieldErrors(f)]);
}

/** Whether the update as held says its subscribers were emailed (the detail's ✉). */
function emailed(store: ConsoleStore, f: FormState): boolean {
  const { incidentId, updateId } = f.target;
  const s = store.getState();
  const inc = s.details.incidents.get(incidentId ?? "") ?? s.incidents.items.find((i) => i.id === incidentId);
  return inc?.incidentUpdates?.find((u) => String(u.id) === updateId)?.notifySubscribers === true;
}

/** The confirmation's line on the subscribers (`wasEmailed`: the update's ✉ as held). */
export function emailedMark(notify: boolean, wasEmailed: boolean): string {
  if (notify) return "⚠ notify is on: subscribers are emailed AGAIN, with the edited text";
  if (!wasEmailed) return "subscribers are not emailed (notify off; turn it on to email them again)";
  return "subscribers are not emailed again (notify off) — the API keeps only the last write's notify, so the ✉ that says they were emailed when it was posted goes";
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  return {
    confirm: (f) => ({
      title: `Change this update of "${f.target.label ?? "the incident"}"?`,
      lines: [
        `status: ${text(f, "status")}`,
        clip(text(f, "description").trim()),
        emailedMark(flag(f, "notify"), emailed(store, f)),
      ],
    }),
    async send(f) {
      const { incidentId, updateId } = f.target;
      const date = text(f, "date");
      const ok = Number.isFinite(Date.parse(date));
      try {
        await client.incidentUpdates.update(incidentId!, updateId!, {
          ...updateBody(f, undefined),
          ...(ok ? { publicIncidentUpdateDate: new Date(date).toISOString() } : {}),
        });
      } catch (e) {
        return failed(e, f);
      }
      const inc = await client.incidents.get(incidentId!).catch(() => undefined);
      if (inc) apply(store, incidentRead(store.getState(), inc));
      return { ok: true, notice: "update changed" };
    },
  };
}

export const updateEdit = {
  open,
  validate,
  draft: {
    label: (d) => `edit of an update to "${d.target.label ?? "an incident"}"`,
    reopen: (d, ctx) => open(ctx.incident, { id: d.target.updateId }),
    sameTarget: (d, t) => d.target.updateId === t.updateId,
  },
  sender,
} satisfies FormKindSpec;
