/**
 * Incidents (seed §4.6): create (201), PUT (name, severity, services; no updates in the body), read, list
 * (the latest 100, newest first, cursor `nextId` over them) and hosted-style delete (204).
 * Every referenced service must exist (400 otherwise). Create-body updates without `status` take the body's
 * `lastUpdateStatus`, else INVESTIGATING; without `publicIncidentUpdateDate` they take the time of the call.
 */
import type { Context } from "hono";
import { z } from "zod";
import { incidentCreateBodySchema, incidentPutBodySchema } from "../../contract/schemas/incidents.ts";
import { cursorQuerySchema } from "../../contract/schemas/services.ts";
import { notifySubscribers } from "../alerts/subscribers.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import { isoMs } from "../repo/util.ts";
import { cursorOrThrow } from "./services.ts";
import { parseBody, parseQuery } from "./validate.ts";

export const INCIDENT_NOT_FOUND = "Incident not found";

function serviceIds(ctx: ServiceContext, services: { id: string }[]): string[] {
  return services.map((s, i) => {
    if (!ctx.repo.serviceExists(s.id))
      throw new ServiceError(400, `"services[${i}].id" must be an existing service`, {
        validation: { source: "payload", keys: [`services.${i}.id`] },
      });
    return s.id;
  });
}

const param = (c: Context) => c.req.param("id") ?? "";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.get("/v1/status-pages/incidents", (c) => {
    const query = parseQuery(c, z.looseObject(cursorQuerySchema.shape));
    return c.json(
      cursorOrThrow(
        ctx.repo.latestIncidents(c.get("accountId"), 100, ctx.now()),
        query.limit ?? 20,
        query.nextId,
      ),
    );
  });

  app.post("/v1/status-pages/incidents", async (c) => {
    const body = await parseBody(c, incidentCreateBodySchema);
    const ids = serviceIds(ctx, body.services);
    const nowMs = ctx.now();
    const now = isoMs(nowMs);
    const id = ctx.repo.transaction(() => {
      const newId = ctx.repo.insertIncident(
        {
          name: body.name,
          severity: body.severity,
          serviceIds: ids,
          fallbackStatus: body.lastUpdateStatus ?? "INVESTIGATING",
        },
        now,
      );
      body.incidentUpdates.forEach((u, i) => {
        ctx.repo.insertUpdate(
          newId,
          {
            description: u.description,
            status: u.status ?? body.lastUpdateStatus ?? "INVESTIGATING",
            // keep the given order when several updates carry no date
            publicIncidentUpdateDate: u.publicIncidentUpdateDate ?? isoMs(nowMs + i),
            notifySubscribers: u.notifySubscribers,
          },
          now,
        );
      });
      return newId;
    });
    const created = ctx.repo.getIncident(id, c.get("accountId"), ctx.now());
    for (const u of created?.incidentUpdates ?? []) notifySubscribers(ctx.repo, id, u.id, ctx.now());
    return c.json(created, 201);
  });

  app.get("/v1/status-pages/incidents/:id", (c) => {
    const inc = ctx.repo.getIncident(param(c), c.get("accountId"), ctx.now());
    if (!inc) throw notFound(INCIDENT_NOT_FOUND);
    return c.json(inc);
  });

  app.put("/v1/status-pages/incidents/:id", async (c) => {
    const id = param(c);
    if (!ctx.repo.getIncident(id, c.get("accountId"), ctx.now())) throw notFound(INCIDENT_NOT_FOUND);
    const body = await parseBody(c, incidentPutBodySchema);
    const ids = serviceIds(ctx, body.services);
    ctx.repo.transaction(() =>
      ctx.repo.updateIncident(
        id,
        { name: body.name, severity: body.severity, serviceIds: ids, fallbackStatus: body.lastUpdateStatus },
        isoMs(ctx.now()),
      ),
    );
    return c.json(ctx.repo.getIncident(id, c.get("accountId"), ctx.now()));
  });

  app.delete("/v1/status-pages/incidents/:id", (c) => {
    if (!ctx.repo.deleteIncident(param(c))) throw notFound(INCIDENT_NOT_FOUND);
    return c.body(null, 204);
  });
}
