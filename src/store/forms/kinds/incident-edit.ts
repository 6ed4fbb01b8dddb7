/**
 * Changing an incident (`s`): its severity, name and services. A PUT is idempotent: a lost answer is
 * resolved by sending the same body again.
 *
 * The API's PUT takes the whole incident (name, severity, services) and the form may have opened from an
 * old copy or stayed open while someone else changed it: Enter reads the incident afresh, and only the
 * fields the engineer changed are put over that fresh copy; a field changed meanwhile that the engineer
 * changed too is said in the confirmation; no change left → "nothing to change" (src/store/forms/fresh.ts).
 */
import {
  INCIDENT_SEVERITIES,
  type Incident,
  type IncidentPutBody,
} from "../../../contract/schemas/incidents.ts";
import type { Service } from "../../../contract/schemas/services.ts";
import { errorLine } from "../../data/loaders.ts";
import { apply } from "../../state.ts";
import { incidentRead } from "../../view/work.ts";
import type { DraftValue, DraftValues } from "../drafts.ts";
import {
  changeLine,
  changesAgainst,
  keptLine,
  movedAgain,
  movedUnchanged,
  nothingLine,
  rebased,
} from "../fresh.ts";
import { clip, errors, incidentFieldErrors, NAME_MAX, serviceOptions } from "../rules.ts";
import { failed } from "../send.ts";
import { type FormState, list, makeForm, text } from "../types.ts";
import type { FormKindSpec, SendDeps, Sender } from "./spec.ts";

function open(inc: Incident, services: readonly Service[]): FormState {
  const known = new Map(serviceOptions(services).map((o) => [o.id, o]));
  for (const s of inc.services) if (!known.has(s.id)) known.set(s.id, { id: s.id, label: s.name });
  return makeForm({
    kind: "incident-edit",
    title: `Edit incident: ${inc.name}`,
    target: { incidentId: inc.id, label: inc.name },
    fields: [
      { key: "severity", label: "severity", type: "choice", options: INCIDENT_SEVERITIES },
      { key: "name", label: "name", type: "text", max: NAME_MAX, counter: true },
      { key: "services", label: "services", type: "multi", options: [...known.values()], fromServices: true },
    ],
    values: incidentValues(inc),
    base: incidentValues(inc),
  });
}

/** The form's values of an incident as it is (what the form opens with; a fresh read is compared as). */
export function incidentValues(inc: Incident): DraftValues {
  return { severity: String(inc.severity), name: inc.name, services: inc.services.map((s) => s.id) };
}

function validate(f: FormState): Record<string, string> {
  return errors([...incidentFieldErrors(f)]);
}

export function incidentPutBody(f: FormState): IncidentPutBody {
  return {
    name: text(f, "name").trim(),
    severity: text(f, "severity") as IncidentPutBody["severity"],
    services: list(f, "services").map((id) => ({ id })),
  };
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  /** The incident read now; the copy held is brought up to date with it (the screen says what is). */
  const fresh = async (id: string): Promise<Incident> => {
    const inc = await client.incidents.get(id);
    apply(store, incidentRead(store.getState(), inc));
    return inc;
  };
  return {
    async confirm(f) {
      let inc: Incident;
      try {
        inc = await fresh(f.target.incidentId!);
      } catch (e) {
        return { error: `the incident could not be read afresh: ${errorLine(e)}` };
      }
      const now = incidentValues(inc);
      const { changes } = changesAgainst(f, now);
      const moved = movedUnchanged(f, now);
      const names = new Map<string, string>(inc.services.map((x) => [x.id, x.name]));
      for (const o of f.fields.flatMap((x) => (x.type === "multi" ? x.options : [])))
        names.set(o.id, o.label);
      const show = (key: string, v: DraftValue | undefined): string =>
        v === undefined
          ? "—"
          : key === "services" && Array.isArray(v)
            ? (v as string[]).map((id) => names.get(id) ?? id).join(", ") || "none"
            : clip(String(v));
      if (changes.length === 0)
        return {
          nothing: nothingLine(`incident "${clip(inc.name, 50)}"`, moved, show),
          form: rebased(f, now),
        };
      return {
        title: `Change incident "${clip(inc.name, 50)}"?`,
        lines: [
          ...changes.map((c) => changeLine(c, show)),
          ...moved.map((m) => keptLine(m, show)),
          "the other fields are kept as they are now (read just now)",
        ],
        careful: changes.some((c) => c.moved) || moved.length > 0,
        form: { ...rebased(f, now), confirmed: now },
      };
    },
    async send(f) {
      const id = f.target.incidentId!;
      try {
        const now = incidentValues(await fresh(id));
        const again = movedAgain(f, now);
        if (again !== undefined) return { ok: false, error: again };
        const { changes, values } = changesAgainst(f, now);
        if (changes.length === 0) return { ok: true, notice: "incident: nothing to change (already so)" };
        const inc = await client.incidents.update(id, incidentPutBody({ ...f, values }));
        apply(store, incidentRead(store.getState(), inc));
      } catch (e) {
        return failed(e, f);
      }
      return { ok: true, notice: "incident changed" };
    },
  };
}

export const incidentEdit = {
  open,
  validate,
  draft: {
    label: (d) => `change to "${d.target.label ?? "an incident"}"`,
    reopen: (_d, ctx) => {
      const form = open(ctx.incident, ctx.state.services.items);
      ctx.ensureServices();
      return form;
    },
    sameTarget: (d, t) => d.target.incidentId === t.incidentId,
  },
  sender,
} satisfies FormKindSpec;
