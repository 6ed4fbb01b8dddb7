/**
 * Incidents (seed §4.6, api-notes §2.3): create (201), PUT (no `incidentUpdates`), read, and the cursor
 * list (the latest 100). Bodies are validated client-side with the shared strict schemas, so an empty or
 * over-long name, an unknown severity or an empty `services` list is a UsageError and nothing is sent.
 */

import {
  type Incident,
  type IncidentCreateBody,
  type IncidentPage,
  type IncidentPutBody,
  incidentCreateBodySchema,
  incidentPageSchema,
  incidentPutBodySchema,
  incidentSchema,
} from "../contract/schemas/incidents.ts";
import { type CursorQuery, cursorQuerySchema } from "../contract/schemas/services.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { collectCursor } from "./pagination.ts";

export function incidentsApi(http: HttpClient) {
  async function list(query: CursorQuery = {}): Promise<IncidentPage> {
    const q = validateInput(cursorQuerySchema, query, "incident list");
    const res = await http.request({
      method: "GET",
      path: "/v1/status-pages/incidents",
      query: { limit: q.limit, nextId: q.nextId },
      schema: incidentPageSchema,
    });
    return res.data;
  }

  return {
    list,

    /** Every incident the server lists (at most the latest 100), following `nextId`. */
    listAll(opts: { maxItems?: number } = {}): Promise<Incident[]> {
      return collectCursor((nextId) => list({ limit: 100, nextId }), opts);
    },

    /** POST /v1/status-pages/incidents → 201. `notifySubscribers` of each update defaults to false. */
    async create(body: IncidentCreateBody): Promise<Incident> {
      const b = validateInput(incidentCreateBodySchema, body, "incident");
      const res = await http.request({
        method: "POST",
        path: "/v1/status-pages/incidents",
        body: b,
        schema: incidentSchema,
      });
      return res.data;
    },

    /** PUT /v1/status-pages/incidents/{id}: name, severity, services (≥ 1); updates are posted separately. */
    async update(id: string, body: IncidentPutBody): Promise<Incident> {
      const seg = pathId(id, "incident id");
      const b = validateInput(incidentPutBodySchema, body, "incident");
      const res = await http.request({
        method: "PUT",
        path: `/v1/status-pages/incidents/${seg}`,
        body: b,
        schema: incidentSchema,
      });
      return res.data;
    },

    async get(id: string): Promise<Incident> {
      const res = await http.request({
        method: "GET",
        path: `/v1/status-pages/incidents/${pathId(id, "incident id")}`,
        schema: incidentSchema,
      });
      return res.data;
    },
  };
}

export type IncidentsApi = ReturnType<typeof incidentsApi>;
