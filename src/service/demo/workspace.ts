/**
 * The demo workspace (assets/demo-workspace.json): seeded once into a fresh data dir, then left to the user
 * (deleting a demo resource does not bring it back). Demo checks carry `isDemo: true` in their doc and point
 * at the demo target (`{{TARGET}}`, `{{TCP_PORT}}`), whose ports the data dir keeps. The demo's CHAT and
 * WEBHOOK channels deliver to the service's own receiver (app/demo-receiver.ts) through that target: a demo
 * sends nothing off this machine. What the demo may change later, and what never: demo/ownership.ts.
 */

import { z } from "zod";
import definition from "../../../assets/demo-workspace.json" with { type: "json" };
import { CHECK_KIND_LIST, CHECK_KINDS } from "../../contract/schemas/check-bodies.ts";
import { objectIn, parseAs } from "../../shared/json.ts";
import { checkOf } from "../engine/checks.ts";
import type { Repo } from "../repo/store.ts";
import { isoMs, uuid } from "../repo/util.ts";
import { type DemoTargetInfo, recordDemoRows, storeTarget } from "./ownership.ts";

export type { DemoTargetInfo };

const texts = z.array(z.string());
const record = z.record(z.string(), z.unknown());

/** The definition's shape: checked when this module loads, so a mistake in the file names its field. */
const workspaceSchema = z.object({
  privateLocations: z.array(z.object({ name: z.string(), slugName: z.string(), icon: z.string() })),
  checks: z.array(
    z.object({ key: z.string(), kind: z.string(), pingEveryMs: z.number().optional(), body: record }),
  ),
  // a channel's flags (sendRecovery, autoSubscribe…) beside its type and config
  alertChannels: z.array(
    z.looseObject({ type: z.string(), config: record, subscribeTags: texts.optional() }),
  ),
  services: z.array(z.object({ key: z.string(), name: z.string(), checks: texts })),
  statusPages: z.array(
    z.object({
      name: z.string(),
      url: z.string(),
      defaultTheme: z.string().optional(),
      cards: z.array(z.object({ name: z.string(), services: texts })),
    }),
  ),
  incidents: z.array(
    z.object({
      name: z.string(),
      severity: z.string(),
      services: texts,
      updates: z.array(z.object({ description: z.string(), status: z.string(), minutesAgo: z.number() })),
    }),
  ),
});

/** The demo's definition read as the service uses it (a JsonShapeError naming the field otherwise). */
export function readWorkspace(v: unknown): z.output<typeof workspaceSchema> {
  return parseAs(v, workspaceSchema, "assets/demo-workspace.json");
}

export const DEMO_WORKSPACE = readWorkspace(definition);

const SEEDED_KEY = "demo_seeded";

/** Replaces `{{TARGET}}` / `{{TCP_PORT}}` placeholders anywhere in a JSON value. */
function fill(value: unknown, target: DemoTargetInfo): unknown {
  if (value === "{{TCP_PORT}}") return target.tcpPort;
  if (typeof value === "string") return value.replaceAll("{{TARGET}}", target.url);
  if (Array.isArray(value)) return value.map((v) => fill(v, target));
  if (value && typeof value === "object")
    return fillObject(Object.fromEntries(Object.entries(value)), target);
  return value;
}

/** fill() of an object's members. */
function fillObject(o: Record<string, unknown>, target: DemoTargetInfo): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fill(v, target)]));
}

export function isSeeded(repo: Repo): boolean {
  return repo.getMeta(SEEDED_KEY) !== undefined;
}

/**
 * Seeds the demo workspace unless this data dir already had it, recording the rows it wrote as the demo's
 * own (demo/ownership.ts). Returns the ids of the seeded checks by their definition key (empty when
 * nothing was seeded).
 */
export function seedDemoWorkspace(
  repo: Repo,
  opts: { now: number; target: DemoTargetInfo },
): Map<string, string> {
  const ids = new Map<string, string>();
  if (isSeeded(repo)) return ids;
  const def = DEMO_WORKSPACE;
  const now = isoMs(opts.now);
  repo.transaction(() => {
    for (const loc of def.privateLocations) {
      const id = repo.insertLocation({ ...loc, proxyUrl: null }, now);
      repo.createKey(id, now);
    }
    const tagsOf = new Map<string, string[]>();
    const channelIds: number[] = [];
    for (const c of def.checks) {
      const kind = CHECK_KIND_LIST.find((k) => k === c.kind);
      if (!kind)
        throw new Error(`demo workspace: check ${c.key} is of no kind the service knows (${c.kind})`);
      // the demo's own definition: parsed by the same schema as an API create (a mistake in it throws)
      const fields: Record<string, unknown> = CHECK_KINDS[kind].schema.parse(fill(c.body, opts.target));
      const hb = objectIn(fields, "heartbeat");
      if (kind === "heartbeat" && hb) hb.pingToken = uuid();
      const check = checkOf(
        { ...fields, isDemo: true },
        { id: uuid(), checkType: CHECK_KINDS[kind].checkType, createdAt: now, updatedAt: now },
      );
      repo.insertCheck(check);
      ids.set(c.key, check.id);
      tagsOf.set(check.id, check.tags);
    }
    for (const ch of def.alertChannels) {
      const { type, config: raw, subscribeTags = [], ...flags } = ch;
      const config = fillObject(raw, opts.target);
      const id = repo.insertChannel(
        {
          type,
          config,
          sendRecovery: flags.sendRecovery !== false,
          sendFailure: flags.sendFailure !== false,
          sendDegraded: flags.sendDegraded === true,
          sslExpiry: flags.sslExpiry === true,
          sslExpiryThreshold: typeof flags.sslExpiryThreshold === "number" ? flags.sslExpiryThreshold : 30,
          autoSubscribe: flags.autoSubscribe === true,
        },
        now,
      );
      channelIds.push(id);
      const subs = [...tagsOf].filter(([, tags]) => tags.some((t) => subscribeTags.includes(t)));
      repo.replaceSubscriptions(
        id,
        subs.map(([checkId]) => ({ checkId, activated: true })),
      );
    }
    const serviceIds = new Map<string, string>();
    for (const s of def.services) {
      const checkIds = s.checks.map((k) => ids.get(k)).filter((x): x is string => !!x);
      serviceIds.set(s.key, repo.insertService(s.name, checkIds, now));
    }
    const svc = (keys: string[]) => keys.map((k) => serviceIds.get(k)).filter((x): x is string => !!x);
    for (const p of def.statusPages) {
      repo.insertPage(
        { name: p.name, url: p.url, defaultTheme: p.defaultTheme },
        p.cards.map((card) => ({ name: card.name, services: svc(card.services).map((id) => ({ id })) })),
        now,
      );
    }
    for (const inc of def.incidents) {
      const first = Math.max(...inc.updates.map((u) => u.minutesAgo));
      const id = repo.insertIncident(
        {
          name: inc.name,
          severity: inc.severity,
          serviceIds: svc(inc.services),
          fallbackStatus: "INVESTIGATING",
        },
        isoMs(opts.now - first * 60_000),
      );
      for (const u of inc.updates) {
        const at = isoMs(opts.now - u.minutesAgo * 60_000);
        repo.insertUpdate(
          id,
          {
            description: u.description,
            status: u.status,
            publicIncidentUpdateDate: at,
            notifySubscribers: false,
          },
          at,
        );
      }
    }
    recordDemoRows(repo, { checks: [...ids.values()], channels: channelIds });
    storeTarget(repo, opts.target);
    repo.setMeta(SEEDED_KEY, now);
  });
  return ids;
}

/** Heartbeat checks of the demo that the demo job pings, with their period (from the definition). */
export function demoPingedHeartbeats(repo: Repo): { pingToken: string; periodMs: number }[] {
  const names = new Map(
    DEMO_WORKSPACE.checks.flatMap((c) =>
      c.pingEveryMs && typeof c.body.name === "string" ? [[c.body.name, c.pingEveryMs] as const] : [],
    ),
  );
  const out: { pingToken: string; periodMs: number }[] = [];
  for (const check of repo.listChecks()) {
    const hb = objectIn(check.doc, "heartbeat");
    const periodMs = names.get(check.name);
    if (check.doc.isDemo === true && check.activated && periodMs && typeof hb?.pingToken === "string")
      out.push({ pingToken: hb.pingToken, periodMs });
  }
  return out;
}
