/**
 * `vigil checks create|update|delete|mute|unmute|activate|deactivate|assign|unassign`: managing checks
 * without curl. create and update take the common fields as flags or any field from a JSON or YAML file
 * (check-body.ts); every body is checked with the type's one schema before it is sent, so a refusal names
 * the field in the service's own words (exit 2). An update that changes nothing is not sent.
 */

import { checkBody, editedBody, mergeOnto, writableKind } from "../../api/check-edit.ts";
import { UsageError } from "../../api/errors.ts";
import type { Check } from "../../contract/schemas/checks.ts";
import type { CommandContext, VerbSpec } from "../command.ts";
import {
  CREATE_OPTIONS,
  createFromFlags,
  FIELD_OPTIONS,
  FILE_OPTION,
  fieldsFromFlags,
  givenFlags,
  kindNamed,
  readBodyFile,
} from "./check-body.ts";
import { printCheck } from "./check-view.ts";

const ID = [{ name: "CHECK_ID" }];

/** The check after a change: the whole check with --json, else one line (and the detail for create/update). */
function answer(ctx: CommandContext, c: Check, line: string, detail = false): undefined {
  if (ctx.out.json) return ctx.out.printJson(c);
  ctx.out.line(line);
  if (detail) printCheck(ctx.out, c);
  return undefined;
}

const quoted = (c: Check) => `"${c.name}" (${c.id})`;

/** mute / unmute / activate / deactivate: one field, read first for the check's type. */
function toggle(
  name: string,
  summary: string,
  field: "muted" | "activated",
  value: boolean,
  done: string,
): VerbSpec {
  return {
    name,
    summary,
    positionals: ID,
    async run(ctx) {
      const id = ctx.args.need("CHECK_ID");
      const cur = await ctx.client.checks.get(id);
      if (cur[field] === value) return answer(ctx, cur, `${quoted(cur)} is already ${done}`);
      const c = await ctx.client.checks.update(id, cur.checkType, { [field]: value });
      return answer(ctx, c, `${done} ${quoted(c)}`);
    },
  };
}

/** assign / unassign: the check's private locations, by slug. */
function assignment(add: boolean): VerbSpec {
  return {
    name: add ? "assign" : "unassign",
    summary: add
      ? "run a check at a private location (its agents)"
      : "stop running a check at a private location",
    positionals: ID,
    options: {
      location: {
        type: "string",
        multiple: true,
        value: "SLUG",
        help: "private location slug (required; repeat or comma-separate)",
      },
    },
    examples: [`vigil checks ${add ? "assign" : "unassign"} CHECK_ID --location office`],
    async run(ctx) {
      const id = ctx.args.need("CHECK_ID");
      const slugs = ctx.args.strings("location", true);
      if (!slugs.length) throw new UsageError("--location is required (a private location's slug)");
      const cur = await ctx.client.checks.get(id);
      const had = cur.privateLocations ?? [];
      const next = add
        ? [...had, ...slugs.filter((s) => !had.includes(s))]
        : had.filter((s) => !slugs.includes(s));
      const where = slugs.join(", ");
      if (next.length === had.length && next.every((s, i) => s === had[i]))
        return answer(ctx, cur, `${quoted(cur)} ${add ? "already runs at" : "does not run at"} ${where}`);
      const c = await ctx.client.checks.save(id, cur.checkType, mergeOnto(cur, { privateLocations: next }));
      return answer(ctx, c, `${quoted(c)} ${add ? "now runs at" : "no longer runs at"} ${where}`);
    },
  };
}

export const CHECK_MANAGE_VERBS: VerbSpec[] = [
  {
    name: "create",
    summary: "create a check from flags or from a JSON/YAML file",
    options: { ...FILE_OPTION, ...CREATE_OPTIONS, ...FIELD_OPTIONS },
    notes: [
      "With -f the file is the whole check (any field of the type's body; `checkType` or --type says the type). Field flags and -f do not mix.",
    ],
    examples: [
      'vigil checks create --type url --name "Storefront" --url https://shop.example.com/health --tag prod',
      'vigil checks create --type heartbeat --name "Nightly backup" --period 1d --grace 1h',
      "vigil checks create -f check.yaml",
    ],
    async run(ctx) {
      const file = ctx.args.string("file");
      let kind: ReturnType<typeof kindNamed>;
      let body: Record<string, unknown>;
      if (file !== undefined) {
        const mixed = givenFlags(ctx, [CREATE_OPTIONS, FIELD_OPTIONS]).filter((f) => f !== "type");
        if (mixed.length) throw new UsageError(`give either --file or field flags (--${mixed[0]}), not both`);
        body = await readBodyFile(file, ctx.readStdin);
        const type =
          ctx.args.string("type") ?? (typeof body.checkType === "string" ? body.checkType : undefined);
        if (type === undefined)
          throw new UsageError("--file: the check has no checkType; add one or give --type");
        kind = kindNamed(type, ctx.args.has("type") ? "--type" : '"checkType"');
        for (const k of ["id", "created_at", "updated_at"]) delete body[k];
      } else ({ kind, body } = await createFromFlags(ctx));
      checkBody(kind, body);
      const c = await ctx.client.checks.create(kind as never, body as never);
      return answer(ctx, c, `created ${quoted(c)}`, true);
    },
  },
  {
    name: "update",
    summary: "change a check's fields by flag, or any field from a JSON/YAML file",
    positionals: ID,
    options: { ...FILE_OPTION, ...FIELD_OPTIONS },
    notes: [
      "The check is read first; the flags or the file's fields are merged onto it (request and heartbeat one level deep) and the whole check is checked before it is sent. A file may be the output of `checks get --json`: its masked secrets keep their stored values, and an update that changes nothing is not sent.",
    ],
    examples: [
      "vigil checks update CHECK_ID --frequency 5 --tag prod --tag eu",
      "vigil checks get CHECK_ID --json | jq '.frequency = 1' | vigil checks update CHECK_ID -f -",
    ],
    async run(ctx) {
      const id = ctx.args.need("CHECK_ID");
      const file = ctx.args.string("file");
      const flags = givenFlags(ctx, [FIELD_OPTIONS]);
      if (file !== undefined && flags.length)
        throw new UsageError(`give either --file or field flags (--${flags[0]}), not both`);
      if (file === undefined && !flags.length)
        throw new UsageError(
          `nothing to update: give --file or at least one of ${Object.keys(FIELD_OPTIONS)
            .map((f) => `--${f}`)
            .join(", ")}`,
        );
      const given = file !== undefined ? await readBodyFile(file, ctx.readStdin) : undefined;
      const cur = await ctx.client.checks.get(id);
      const fields = given ?? fieldsFromFlags(ctx, writableKind(cur));
      const { body, changed } = editedBody(cur, fields, "--file");
      if (!changed) return answer(ctx, cur, `unchanged ${quoted(cur)}: the same as stored, nothing sent`);
      const c = await ctx.client.checks.save(id, cur.checkType, body);
      return answer(ctx, c, `updated ${quoted(c)}`, true);
    },
  },
  {
    name: "delete",
    summary: "delete a check with its results (asks for --yes)",
    positionals: ID,
    options: {
      yes: { type: "boolean", short: "y", help: "confirm: the check and its results are gone for good" },
    },
    examples: ["vigil checks delete CHECK_ID --yes"],
    async run(ctx) {
      const id = ctx.args.need("CHECK_ID");
      const cur = await ctx.client.checks.get(id);
      if (ctx.args.flag("yes") !== true)
        throw new UsageError(
          `deleting ${quoted(cur)} removes it and its results for good: add --yes (or mute / deactivate it)`,
        );
      await ctx.client.checks.delete(id);
      if (ctx.out.json) return ctx.out.printJson({ id: cur.id, name: cur.name, deleted: true });
      ctx.out.line(`deleted ${quoted(cur)}`);
    },
  },
  toggle("mute", "mute a check: it keeps running, its alerts stop", "muted", true, "muted"),
  toggle("unmute", "unmute a check: its alerts are sent again", "muted", false, "unmuted"),
  toggle("activate", "activate a check: it runs on its schedule again", "activated", true, "activated"),
  toggle(
    "deactivate",
    "deactivate a check: it stops running (no results, no alerts)",
    "activated",
    false,
    "deactivated",
  ),
  assignment(true),
  assignment(false),
];
