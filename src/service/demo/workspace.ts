/**
 * The demo workspace (assets/demo-workspace.json): seeded once into a fresh data dir, then left to the user
 * (deleting a demo resource does not bring it back). Demo checks carry `isDemo: true` in their doc and point
 * at the demo target, whose port changes on every start: `retargetDemoChecks` re-points them each time.
 * The demo's CHAT and WEBHOOK channels deliver to the service's own loopback receiver
 * (app/demo-receiver.ts; `{{SERVICE}}` in the definition), re-pointed the same way by
 * `retargetDemoChannels`: a demo sends nothing off this machine.
 */
import type { DatabaseSync } from "node:sqlite";
import definition from "../../../assets/demo-workspace.json" with { type: "json" };
import { CHECK_KINDS, type CheckKind } from "../../api/schemas/check-bodies.ts";
import { transaction } from "../db/open.ts";
import { insertChannel, listChannels, replaceSubscriptions, setChannelUrl } from "../repo/alert-channels.ts";
import { type CheckDoc, insertCheck, listChecks, updateCheck } from "../repo/checks.ts";
import { insertIncident, insertUpdate } from "../repo/incidents.ts";
import { getMeta, setMeta } from "../repo/meta.ts";
import { createKey, insertLocation } from "../repo/private-locations.ts";
import { insertService } from "../repo/services.ts";
import { insertPage } from "../repo/status-pages.ts";
import { isoMs, uuid } from "../repo/util.ts";
import { DEMO_RECEIVER_PATH } from "./receiver-path.ts";

export type DemoTargetInfo = { url: string; tcpPort: number };

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
const ORIGIN = /http:\/\/127\.0\.0\.1:\d+/g;

/** Replaces `{{TARGET}}` / `{{TCP_PORT}}` / `{{SERVICE}}` placeholders anywhere in a JSON value. */
function fill(value: unknown, target: DemoTargetInfo, service = ""): unknown {
  if (value === "{{TCP_PORT}}") return target.tcpPort;
  if (typeof value === "string")
    return value.replaceAll("{{TARGET}}", target.url).replaceAll("{{SERVICE}}", service);
  if (Array.isArray(value)) return value.map((v) => fill(v, target, service));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, target, service)]));
  return value;
}

export function isSeeded(db: DatabaseSync): boolean {
  return getMeta(db, SEEDED_KEY) !== undefined;
}

/**
 * Seeds the demo workspace unless this data dir already had it. Returns the ids of the seeded checks by
 * their definition key (empty when nothing was seeded).
 */
export function seedDemoWorkspace(
  db: DatabaseSync,
  opts: { now: number; target: DemoTargetInfo; service: string },
): Map<string, string> {
  const ids = new Map<string, string>();
  if (isSeeded(db)) return ids;
  const def = DEMO_WORKSPACE;
  const now = isoMs(opts.now);
  transaction(db, () => {
    for (const loc of def.privateLocations) {
      const id = insertLocation(db, { ...loc, proxyUrl: null }, now);
      createKey(db, id, now);
    }
    const tagsOf = new Map<string, string[]>();
    for (const c of def.checks) {
      const kind = c.kind as CheckKind;
      // the demo's own definition: parsed by the same schema as an API create (a mistake in it throws)
      const fields = CHECK_KINDS[kind].schema.parse(fill(c.body, opts.target)) as Record<string, unknown>;
      if (kind === "heartbeat") (fields.heartbeat as Record<string, unknown>).pingToken = uuid();
      const { alertChannelSubscriptions: _s, ...rest } = fields;
      const doc = {
        ...rest,
        id: uuid(),
        checkType: CHECK_KINDS[kind].checkType,
        isDemo: true,
        created_at: now,
        updated_at: now,
      };
      insertCheck(db, doc as unknown as CheckDoc);
      ids.set(c.key, doc.id);
      tagsOf.set(doc.id, (fields.tags as string[]) ?? []);
    }
    for (const ch of def.alertChannels) {
      const { type, config: raw, subscribeTags = [], ...flags } = ch;
      const config = fill(raw, opts.target, opts.service) as Record<string, unknown>;
      const id = insertChannel(
        db,
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
      const subs = [...tagsOf].filter(([, tags]) => tags.some((t) => subscribeTags.includes(t)));
      replaceSubscriptions(
        db,
        id,
        subs.map(([checkId]) => ({ checkId, activated: true })),
      );
    }
    const serviceIds = new Map<string, string>();
    for (const s of def.services) {
      const checkIds = s.checks.map((k) => ids.get(k)).filter((x): x is string => !!x);
      serviceIds.set(s.key, insertService(db, s.name, checkIds, now));
    }
    const svc = (keys: string[]) => keys.map((k) => serviceIds.get(k)).filter((x): x is string => !!x);
    for (const p of def.statusPages) {
      insertPage(
        db,
        { name: p.name, url: p.url, defaultTheme: p.defaultTheme },
        p.cards.map((card) => ({ name: card.name, services: svc(card.services).map((id) => ({ id })) })),
        now,
      );
    }
    for (const inc of def.incidents) {
      const first = Math.max(...inc.updates.map((u) => u.minutesAgo));
      const id = insertIncident(
        db,
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
        insertUpdate(
          db,
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
    setMeta(db, SEEDED_KEY, now);
  });
  return ids;
}

/** Points every demo check (doc.isDemo) at the running demo target: URLs in requests and scripts, TCP port. */
export function retargetDemoChecks(db: DatabaseSync, target: DemoTargetInfo): number {
  let changed = 0;
  transaction(db, () => {
    for (const check of listChecks(db)) {
      if (check.isDemo !== true) continue;
      const doc = JSON.parse(JSON.stringify(check).replace(ORIGIN, target.url)) as CheckDoc;
      const request = doc.request as Record<string, unknown> | undefined;
      if (doc.checkType === "TCP" && request) request.port = target.tcpPort;
      if (JSON.stringify(doc) !== JSON.stringify(check)) {
        updateCheck(db, doc);
        changed++;
      }
    }
  });
  return changed;
}

const RECEIVER = new RegExp(`^http://127\\.0\\.0\\.1:\\d+(?=${DEMO_RECEIVER_PATH}/)`);

/** Points the channels that deliver to the demo receiver at this start's service URL. */
export function retargetDemoChannels(db: DatabaseSync, serviceUrl: string): number {
  let changed = 0;
  transaction(db, () => {
    for (const ch of listChannels(db)) {
      const url = ch.config.url;
      if (typeof url !== "string" || !RECEIVER.test(url)) continue;
      const next = url.replace(RECEIVER, serviceUrl);
      if (next !== url) {
        setChannelUrl(db, ch.id, next);
        changed++;
      }
    }
  });
  return changed;
}

/** Heartbeat checks of the demo that the demo job pings, with their period (from the definition). */
export function demoPingedHeartbeats(db: DatabaseSync): { pingToken: string; periodMs: number }[] {
  const names = new Map(
    DEMO_WORKSPACE.checks.filter((c) => c.pingEveryMs).map((c) => [c.body.name as string, c.pingEveryMs!]),
  );
  const out: { pingToken: string; periodMs: number }[] = [];
  for (const check of listChecks(db)) {
    const hb = check.heartbeat as { pingToken?: unknown } | undefined;
    const periodMs = names.get(check.name);
    if (check.isDemo === true && check.activated && periodMs && typeof hb?.pingToken === "string")
      out.push({ pingToken: hb.pingToken, periodMs });
  }
  return out;
}
