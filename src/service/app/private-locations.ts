/**
 * Private locations (seed §4.4, api-notes §7): create (201, with a first key whose `rawKey` appears only in
 * that response), read (with `lastSeen` and `agentCount` of its agents, also in the list), plus hosted-style
 * list, update (name, icon,
 * proxyUrl; the slug is immutable), delete, and key create (201, raw key once) / delete (204).
 * A duplicate slug answers 409 (api-notes §8.10).
 */
import type { Context } from "hono";
import {
  privateLocationCreateBodySchema,
  privateLocationUpdateBodySchema,
} from "../../contract/schemas/private-locations.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import type { PrivateLocation } from "../repo/private-locations.ts";
import { isoMs } from "../repo/util.ts";
import { parseBody } from "./validate.ts";

const NOT_FOUND = "Private location not found";

function found(ctx: ServiceContext, c: Context) {
  const loc = ctx.repo.getLocation(c.req.param("id") ?? "");
  if (!loc) throw notFound(NOT_FOUND);
  return loc;
}

/**
 * A location as read, with its agents' health from the agent queue: `agentCount` (agents seen within the
 * queue's alive window, 30 s), `lastSeen` (the last contact of any agent, ISO date-time, null before the
 * first), and the hosted `runningAgents` (alive agents grouped by version).
 */
function withHealth(ctx: ServiceContext, loc: PrivateLocation) {
  const h = ctx.engine.agents.health(loc.id);
  const byVersion = new Map<string, { id: string; lastSeenAt: string }[]>();
  for (const a of h.agents)
    byVersion.set(a.version, [
      ...(byVersion.get(a.version) ?? []),
      { id: a.id, lastSeenAt: new Date(a.lastSeen).toISOString() },
    ]);
  return {
    ...loc,
    lastSeen: h.lastSeen === null ? null : new Date(h.lastSeen).toISOString(),
    agentCount: h.agentCount,
    runningAgents: [...byVersion].map(([version, agents]) => ({
      version,
      isOutdated: false,
      count: agents.length,
      agents,
    })),
  };
}

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.get("/v1/private-locations", (c) => c.json(ctx.repo.listLocations().map((l) => withHealth(ctx, l))));

  app.post("/v1/private-locations", async (c) => {
    const body = await parseBody(c, privateLocationCreateBodySchema);
    if (ctx.repo.slugTaken(body.slugName))
      throw new ServiceError(409, `A private location with slugName "${body.slugName}" already exists`);
    const now = isoMs(ctx.now());
    const { id, key } = ctx.repo.transaction(() => {
      const newId = ctx.repo.insertLocation(
        { name: body.name, slugName: body.slugName, icon: body.icon, proxyUrl: body.proxyUrl ?? null },
        now,
      );
      return { id: newId, key: ctx.repo.createKey(newId, now) };
    });
    const loc = ctx.repo.getLocation(id)!;
    loc.keys = loc.keys.map((k) => (k.id === key.id ? key : k));
    return c.json(loc, 201);
  });

  app.get("/v1/private-locations/:id", (c) => c.json(withHealth(ctx, found(ctx, c))));

  app.put("/v1/private-locations/:id", async (c) => {
    const loc = found(ctx, c);
    const { slugName, ...body } = await parseBody(c, privateLocationUpdateBodySchema);
    // Refused on purpose: a different slug would be silently kept otherwise (it is immutable, api-notes §7).
    if (slugName !== undefined && slugName !== loc.slugName)
      throw new ServiceError(400, '"slugName" cannot be changed', {
        validation: { source: "payload", keys: ["slugName"] },
      });
    ctx.repo.updateLocation(loc.id, body, isoMs(ctx.now()));
    return c.json(ctx.repo.getLocation(loc.id)!);
  });

  app.delete("/v1/private-locations/:id", (c) => {
    const loc = found(ctx, c);
    ctx.repo.deleteLocation(loc.id);
    return c.body(null, 204);
  });

  app.post("/v1/private-locations/:id/keys", (c) => {
    const loc = found(ctx, c);
    const key = ctx.repo.createKey(loc.id, isoMs(ctx.now()));
    return c.json(key, 201);
  });

  app.delete("/v1/private-locations/:id/keys/:keyId", (c) => {
    const loc = found(ctx, c);
    if (!ctx.repo.deleteKey(loc.id, c.req.param("keyId"))) throw notFound("Private location key not found");
    return c.body(null, 204);
  });
}
