/**
 * `vigil incidents list|get|create|update` (seed §4.6).
 *
 * `create` builds the body from flags (the first incident update comes from --status/--message/--notify)
 * or takes it whole from --file. `update` PUTs name, severity and services: with flags, the incident is
 * read first and only the named fields change; --service replaces the whole list. `--status` posts an
 * update with `--message` (an incident's status is its latest update) and reads the incident back: a status
 * it did not take is refused (exit 6).
 */
import { UsageError } from "../../api/errors.ts";
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type Incident,
  type IncidentCreateBody,
  type IncidentPutBody,
  type IncidentUpdateBody,
} from "../../contract/schemas/incidents.ts";
import type { OptionSpecs } from "../args.ts";
import { type CommandContext, CURSOR_OPTIONS, type ResourceSpec } from "../command.ts";
import { RefusedError } from "../exit-codes.ts";
import { readJsonBody } from "../input.ts";
import { incidentColumns, messageFlag, printIncident } from "./incident-view.ts";
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
      {
        description: messageFlag(a.requiredString("message")),
        status,
        notifySubscribers: a.flag("notify") ?? false,
      },
    ],
  };
}

async function updateBody(ctx: CommandContext, id: string): Promise<IncidentPutBody | undefined> {
  const a = ctx.args;
  const file = a.string("file");
  const flags = ["name", "severity", "service"].filter((f) => a.has(f));
  if (file !== undefined) {
    if (flags.length || a.has("status") || a.has("message"))
      throw new UsageError("give either --file or field flags, not both");
    return (await readJsonBody(file, ctx.readStdin)) as IncidentPutBody;
  }
  if (!flags.length && !a.has("status"))
    throw new UsageError("nothing to update: give --file or --name, --severity, --service, --status");
  if (!flags.length) return undefined;
  const severity = a.choice("severity", INCIDENT_SEVERITIES);
  const ids = a.strings("service", true);
  const cur = await ctx.client.incidents.get(id);
  const curSeverity = INCIDENT_SEVERITIES.find((s) => s === cur.severity);
  return {
    name: a.string("name") ?? cur.name,
    severity: severity ?? curSeverity ?? (cur.severity as never),
    services: ids.length ? services(ids) : services(cur.services.map((s) => s.id)),
  };
}

/**
 * `incidents update ID --status S --message TEXT`: an incident's status is its latest update, so the new
 * status is posted as an update (with its text, on the status page) — then read back (`checked`): a status
 * the service did not take is refused (exit 6), never a silent exit 0. Checked before anything is sent.
 */
function statusUpdate(ctx: CommandContext): IncidentUpdateBody | undefined {
  const status = ctx.args.choice("status", INCIDENT_STATUSES);
  if (!status) return undefined;
  const message = ctx.args.string("message");
  if (message === undefined || message.trim() === "")
    throw new UsageError(
      "--status needs --message: an incident's status is its latest update, posted to the status page with that text",
    );
  return { description: messageFlag(message), status, notifySubscribers: ctx.args.flag("notify") ?? false };
}

/** The incident after the update; a status asked for that it does not have is refused (exit 6). */
async function checked(ctx: CommandContext, id: string, wanted: string | undefined): Promise<Incident> {
  const i = await ctx.client.incidents.get(id);
  if (wanted && i.lastUpdateStatus !== wanted)
    throw new RefusedError(
      `the service did not change the incident's status to ${wanted}: it is ${i.lastUpdateStatus ?? "not recorded"} (its latest update by publish time decides)`,
    );
  return i;
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
          help: `new status, posted as an update with --message: ${INCIDENT_STATUSES.join(", ")}`,
        },
        message: { type: "string", value: "TEXT", help: "with --status: the update's text (required)" },
        notify: { type: "boolean", help: "with --status: notify the status page's subscribers" },
        file: FILE,
      },
      notes: [
        "An incident's status is its latest update: --status posts one with --message as its text (on the " +
          "status page; --notify tells subscribers), then reads the incident back — a status the service did " +
          "not take is refused (exit 6). Other updates: `vigil incident-updates create INCIDENT_ID`.",
      ],
      examples: [
        'vigil incidents update INCIDENT_ID --status IDENTIFIED --message "Cause found: a bad deploy"',
        "vigil incidents update INCIDENT_ID --severity CRITICAL",
      ],
      async run(ctx) {
        const id = ctx.args.need("INCIDENT_ID");
        const update = statusUpdate(ctx);
        const body = await updateBody(ctx, id);
        if (body) await ctx.client.incidents.update(id, body);
        if (update) await ctx.client.incidentUpdates.create(id, update);
        const i = await checked(ctx, id, update?.status ?? body?.lastUpdateStatus ?? undefined);
        if (ctx.out.json) return ctx.out.printJson(i);
        printIncident(ctx.out, i);
      },
    },
  ],
};
