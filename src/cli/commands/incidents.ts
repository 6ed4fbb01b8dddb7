/**
 * `vigil incidents list|get|create|update` (seed §4.6).
 *
 * `create` builds the body from flags (the first incident update comes from --status/--message/--notify)
 * or takes it whole from --file. `update` PUTs name, severity, services and lastUpdateStatus: with flags,
 * the incident is read first and only the named fields change; --service replaces the whole list.
 * Posting a new status message is `vigil incident-updates create`.
 */
import { UsageError } from "../../api/errors.ts";
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type IncidentCreateBody,
  type IncidentPutBody,
} from "../../api/schemas/incidents.ts";
import type { OptionSpecs } from "../args.ts";
import { type CommandContext, CURSOR_OPTIONS, type ResourceSpec } from "../command.ts";
import { readJsonBody } from "../input.ts";
import { incidentColumns, printIncident } from "./incident-view.ts";
import { fetchCursorList, printList } from "./lists.ts";

const FILE = { type: "string", value: "FILE", help: "the whole body as JSON ('-' reads stdin)" } as const;

const FIELDS: OptionSpecs = {
  name: { type: "string", value: "NAME", help: "incident name, at most 255 characters" },
  severity: { type: "string", value: "SEVERITY", help: INCIDENT_SEVERITIES.join(", ") },
  service: { type: "string", multiple: true, value: "ID", help: "affected service id (repeat for several)" },
};

const services = (ids: string[]) => ids.map((id) => ({ id }));

async function createBody(ctx: CommandContext): Promise<IncidentCreateBody> {
  const a = ctx.args;
  const file = a.string("file");
  if (file !== undefined) {
    if (["name", "severity", "service", "status", "message"].some((f) => a.has(f)))
      throw new UsageError("give either --file or field flags, not both");
    return (await readJsonBody(file, ctx.readStdin)) as IncidentCreateBody;
  }
  const ids = a.strings("service", true);
  if (!ids.length) throw new UsageError("--service is required (at least one service id)");
  const status = a.choice("status", INCIDENT_STATUSES) ?? "INVESTIGATING";
  const severity = a.choice("severity", INCIDENT_SEVERITIES);
  if (!severity) throw new UsageError(`--severity is required (${INCIDENT_SEVERITIES.join(", ")})`);
  return {
    name: a.requiredString("name"),
    severity,
    services: services(ids),
    lastUpdateStatus: status,
    incidentUpdates: [
      { description: a.requiredString("message"), status, notifySubscribers: a.flag("notify") ?? false },
    ],
  };
}

async function updateBody(ctx: CommandContext, id: string): Promise<IncidentPutBody> {
  const a = ctx.args;
  const file = a.string("file");
  const flags = ["name", "severity", "service", "status"].filter((f) => a.has(f));
  if (file !== undefined) {
    if (flags.length) throw new UsageError("give either --file or field flags, not both");
    return (await readJsonBody(file, ctx.readStdin)) as IncidentPutBody;
  }
  if (!flags.length)
    throw new UsageError("nothing to update: give --file or --name, --severity, --service, --status");
  const severity = a.choice("severity", INCIDENT_SEVERITIES);
  const status = a.choice("status", INCIDENT_STATUSES);
  const ids = a.strings("service", true);
  const cur = await ctx.client.incidents.get(id);
  const curSeverity = INCIDENT_SEVERITIES.find((s) => s === cur.severity);
  const curStatus = INCIDENT_STATUSES.find((s) => s === cur.lastUpdateStatus);
  const body: IncidentPutBody = {
    name: a.string("name") ?? cur.name,
    severity: severity ?? curSeverity ?? (cur.severity as never),
    services: ids.length ? services(ids) : services(cur.services.map((s) => s.id)),
  };
  const last = status ?? curStatus;
  if (last) body.lastUpdateStatus = last;
  return body;
}

export const incidentsCommand: ResourceSpec = {
  name: "incidents",
  summary: "status-page incidents",
  verbs: [
    {
      name: "list",
      summary: "list the latest incidents (at most 100)",
      options: CURSOR_OPTIONS,
      async run(ctx) {
        printList(ctx, await fetchCursorList(ctx, ctx.client.incidents), (rows) =>
          ctx.out.table(rows, incidentColumns),
        );
      },
    },
    {
      name: "get",
      summary: "show an incident with its updates and services",
      positionals: [{ name: "INCIDENT_ID" }],
      async run(ctx) {
        const i = await ctx.client.incidents.get(ctx.args.need("INCIDENT_ID"));
        if (ctx.out.json) return ctx.out.printJson(i);
        printIncident(ctx.out, i);
      },
    },
    {
      name: "create",
      summary: "open an incident on status-page services",
      options: {
        name: { ...FIELDS.name!, help: "incident name, at most 255 characters (required)" },
        severity: { ...FIELDS.severity!, help: `${INCIDENT_SEVERITIES.join(", ")} (required)` },
        service: { ...FIELDS.service!, help: "affected service id (required; repeat for several)" },
        status: {
          type: "string",
          value: "STATUS",
          help: `${INCIDENT_STATUSES.join(", ")} (default INVESTIGATING)`,
        },
        message: { type: "string", value: "TEXT", help: "text of the first update (required)" },
        notify: { type: "boolean", help: "notify the status page's subscribers" },
        file: FILE,
      },
      examples: [
        'vigil incidents create --name "Checkout errors" --severity MAJOR --service SERVICE_ID --message "Investigating elevated errors" --notify',
      ],
      async run(ctx) {
        const i = await ctx.client.incidents.create(await createBody(ctx));
        if (ctx.out.json) return ctx.out.printJson(i);
        printIncident(ctx.out, i);
      },
    },
    {
      name: "update",
      summary: "change an incident's name, severity, services or status",
      positionals: [{ name: "INCIDENT_ID" }],
      options: {
        ...FIELDS,
        service: { ...FIELDS.service!, help: "affected service id (repeat; replaces the list)" },
        status: {
          type: "string",
          value: "STATUS",
          help: `last update status: ${INCIDENT_STATUSES.join(", ")}`,
        },
        file: FILE,
      },
      notes: ["To post a new status message, use `vigil incident-updates create INCIDENT_ID`."],
      async run(ctx) {
        const id = ctx.args.need("INCIDENT_ID");
        const i = await ctx.client.incidents.update(id, await updateBody(ctx, id));
        if (ctx.out.json) return ctx.out.printJson(i);
        printIncident(ctx.out, i);
      },
    },
  ],
};
