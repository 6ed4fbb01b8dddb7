/**
 * The demo workspace (assets/demo-workspace.json): seeded once into a fresh data dir, then left to the user
 * (deleting a demo resource does not bring it back). Demo checks carry `isDemo: true` in their doc and point
 * at the demo target (`{{TARGET}}`, `{{TCP_PORT}}`), whose ports the data dir keeps. The demo's CHAT and
 * WEBHOOK channels deliver to the service's own receiver (app/demo-receiver.ts) through that target: a demo
 * sends nothing off this machine. What the demo may change later, and what never: demo/ownership.ts.
 */

import definition from "../../../assets/demo-workspace.json" with { type: "json" };
import { CHECK_KINDS, type CheckKind } from "../../contract/schemas/check-bodies.ts";
import { objectIn } from "../../shared/json.ts";
import { checkOf } from "../engine/checks.ts";
import type { Repo } from "../repo/store.ts";
import { isoMs, uuid } from "../repo/util.ts";
import { type DemoTargetInfo, recordDemoRows, storeTarget } from "./ownership.ts";

export type { DemoTargetInfo };

type DemoCheck = { key: string; kind: string; pingEveryMs?: number; body: Record<string, unknown> };
type DemoChannel = { type: string; config: Record<string, unknown>; subscribeTags?: string[] } & Record<
  string,
  unknown
>;

export const DEMO_WORKSPACE = definition as unknown as {
  privateLocations: { name: string; slugName: string; icon: string }[];
  checks: DemoCheck[];
  alertChannels: DemoChannel[];
  services: { key: string; name: string; checks: string[] }[];
  statusPages: {
    name: string;
    url: string;
    defaultTheme?: string;
    cards: { name: string; services: string[] }[];
  }[];
  incidents: {
    name: string;
    severity: string;
    services: string[];
    updates: { description: string; status: string; minutesAgo: number }[];
  }[];
};

const SEEDED_KEY = "demo_seeded";

/** Replaces `{{TARGET}}` / `{{TCP_PORT}}` placeholders anywhere in a JSON value. */
function fill(value: unknown, target: DemoTargetInfo): unknown {
  if (value === "{{TCP_PORT}}") return target.tcpPort;
  if (typeof value === "string") return value.replaceAll("{{TARGET}}", target.url);
  if (Array.isArray(value)) return value.map((v) => fill(v, target));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, target)]));
  return value;
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
      const kind = Object.keys(CHECK_KINDS).find((k): k is CheckKind => k === c.kind);
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
      const config = fill(raw, opts.target) as Record<string, unknown>;
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
