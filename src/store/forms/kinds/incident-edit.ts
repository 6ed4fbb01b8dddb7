/**
 * Changing an incident (`s`): its severity, name and services. A PUT is idempotent: a lost answer is
 * resolved by sending the same body again.
 */
import {
  INCIDENT_SEVERITIES,
  type Incident,
  type IncidentPutBody,
} from "../../../contract/schemas/incidents.ts";
import type { Service } from "../../../contract/schemas/services.ts";
import { apply } from "../../state.ts";
import { incidentRead } from "../../view/work.ts";
import { clip, errors, incidentFieldErrors, NAME_MAX, serviceNames, serviceOptions } from "../rules.ts";
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
    values: { severity: String(inc.severity), name: inc.name, services: inc.services.map((s) => s.id) },
  });
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
  return {
    confirm: (f) => ({
      title: `Change incident "${clip(f.target.label ?? "", 50)}"?`,
      lines: [
        `name: ${clip(text(f, "name").trim())}`,
        `severity: ${text(f, "severity")}   services: ${serviceNames(f, store)}`,
      ],
    }),
    async send(f) {
      try {
        const inc = await client.incidents.update(f.target.incidentId!, incidentPutBody(f));
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
