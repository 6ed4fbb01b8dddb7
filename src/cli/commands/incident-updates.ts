/**
 * `vigil incident-updates list|get|create|update` (seed §4.6; list and create are beyond the seed).
 * `update` with flags reads the update first and changes only what is named (`--no-notify` turns
 * notification off); `--file` gives the whole body.
 */
import { UsageError } from "../../api/errors.ts";
import {
  INCIDENT_STATUSES,
  type IncidentUpdate,
  type IncidentUpdateBody,
} from "../../contract/schemas/incidents.ts";
import type { OptionSpecs } from "../args.ts";
import type { CommandContext, ResourceSpec } from "../command.ts";
import { parseTime, readJsonBody } from "../input.ts";
import { messageFlag, printUpdate, updateColumns } from "./incident-view.ts";

const BODY_FLAGS: OptionSpecs = {
  message: { type: "string", value: "TEXT", help: "the update's text" },
  status: { type: "string", value: "STATUS", help: INCIDENT_STATUSES.join(", ") },
  notify: { type: "boolean", help: "notify subscribers (--no-notify: do not)" },
  date: { type: "string", value: "TIME", help: "public date of the update (ISO date-time; default now)" },
  file: { type: "string", value: "FILE", help: "the whole body as JSON ('-' reads stdin)" },
};
const FIELD_NAMES = ["message", "status", "notify", "date"];

function isoDate(ctx: CommandContext): string | undefined {
  const d = ctx.args.string("date");
  return d === undefined ? undefined : new Date(parseTime(d, "date")).toISOString();
}

async function fromFile(ctx: CommandContext): Promise<IncidentUpdateBody | undefined> {
  const file = ctx.args.string("file");
  if (file === undefined) return undefined;
  if (FIELD_NAMES.some((f) => ctx.args.has(f)))
    throw new UsageError("give either --file or field flags, not both");
  return (await readJsonBody(file, ctx.readStdin)) as IncidentUpdateBody;
}

/** The PUT body for an update as read, with the flags applied. */
function merged(ctx: CommandContext, cur: IncidentUpdate): IncidentUpdateBody {
  const a = ctx.args;
  const status = a.choice("status", INCIDENT_STATUSES) ?? INCIDENT_STATUSES.find((s) => s === cur.status);
  const date = isoDate(ctx) ?? cur.publicIncidentUpdateDate ?? undefined;
  const given = a.string("message");
  const description = given !== undefined ? messageFlag(given) : (cur.description ?? "");
  return {
    description,
    ...(status ? { status } : {}),
    ...(date ? { publicIncidentUpdateDate: date } : {}),
    notifySubscribers: a.flag("notify") ?? cur.notifySubscribers ?? false,
  };
}

const ids = [{ name: "INCIDENT_ID" }, { name: "UPDATE_ID" }];

export const incidentUpdatesCommand: ResourceSpec = {
  name: "incident-updates",
  summary: "the status updates of an incident",
  verbs: [
    {
      name: "list",
      summary: "list an incident's updates (latest 100)",
      positionals: [{ name: "INCIDENT_ID" }],
      async run(ctx) {
        const rows = await ctx.client.incidentUpdates.list(ctx.args.need("INCIDENT_ID"));
        if (ctx.out.json) return ctx.out.printJson(rows);
        ctx.out.table(rows, updateColumns);
      },
    },
    {
      name: "get",
      summary: "show one incident update",
      positionals: ids,
      async run(ctx) {
        const u = await ctx.client.incidentUpdates.get(
          ctx.args.need("INCIDENT_ID"),
          ctx.args.need("UPDATE_ID"),
        );
        if (ctx.out.json) return ctx.out.printJson(u);
        printUpdate(ctx.out, u);
      },
    },
    {
      name: "create",
      summary: "post a new update to an incident",
      positionals: [{ name: "INCIDENT_ID" }],
      options: BODY_FLAGS,
      examples: [
        'vigil incident-updates create INCIDENT_ID --status MONITORING --message "Fix deployed" --notify',
      ],
      async run(ctx) {
        const a = ctx.args;
        const body: IncidentUpdateBody = (await fromFile(ctx)) ?? {
          description: messageFlag(a.requiredString("message")),
          ...(a.choice("status", INCIDENT_STATUSES) ? { status: a.choice("status", INCIDENT_STATUSES) } : {}),
          ...(isoDate(ctx) ? { publicIncidentUpdateDate: isoDate(ctx) } : {}),
          notifySubscribers: a.flag("notify") ?? false,
        };
        const u = await ctx.client.incidentUpdates.create(a.need("INCIDENT_ID"), body);
        if (ctx.out.json) return ctx.out.printJson(u);
        printUpdate(ctx.out, u);
      },
    },
    {
      name: "update",
      summary: "change an incident update's text, status, date or notification",
      positionals: ids,
      options: BODY_FLAGS,
      async run(ctx) {
        const a = ctx.args;
        const incidentId = a.need("INCIDENT_ID");
        const updateId = a.need("UPDATE_ID");
        let body = await fromFile(ctx);
        if (!body) {
          if (!FIELD_NAMES.some((f) => a.has(f)))
            throw new UsageError("nothing to update: give --file or --message, --status, --notify, --date");
          body = merged(ctx, await ctx.client.incidentUpdates.get(incidentId, updateId));
        }
        const u = await ctx.client.incidentUpdates.update(incidentId, updateId, body);
        if (ctx.out.json) return ctx.out.printJson(u);
        printUpdate(ctx.out, u);
      },
    },
  ],
};
