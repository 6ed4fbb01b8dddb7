/**
 * Incident updates (seed §4.6, api-notes §1.2, §3.5): read and PUT one update; beyond the seed, post a
 * new update (hosted answers 200, the embedded service 201; any 2xx is success) and list an incident's
 * latest 100 updates.
 */

import {
  type IncidentUpdate,
  type IncidentUpdateBody,
  incidentUpdateCreateBodySchema,
  incidentUpdateListSchema,
  incidentUpdateSchema,
  incidentUpdateUpdateBodySchema,
} from "../contract/schemas/incidents.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";

const base = (incidentId: string) =>
  `/v1/status-pages/incidents/${pathId(incidentId, "incident id")}/incident-updates`;

export function incidentUpdatesApi(http: HttpClient) {
  return {
    async get(incidentId: string, updateId: string): Promise<IncidentUpdate> {
      const path = `${base(incidentId)}/${pathId(updateId, "incident update id")}`;
      const res = await http.request({ method: "GET", path, schema: incidentUpdateSchema });
      return res.data;
    },

    async update(incidentId: string, updateId: string, body: IncidentUpdateBody): Promise<IncidentUpdate> {
      const path = `${base(incidentId)}/${pathId(updateId, "incident update id")}`;
      const b = validateInput(incidentUpdateUpdateBodySchema, body, "incident update");
      const res = await http.request({ method: "PUT", path, body: b, schema: incidentUpdateSchema });
      return res.data;
    },

    /** Beyond the seed: POST …/incident-updates (answers 200). `notifySubscribers` defaults to false. */
    async create(incidentId: string, body: IncidentUpdateBody): Promise<IncidentUpdate> {
      const path = base(incidentId);
      const b = validateInput(incidentUpdateCreateBodySchema, body, "incident update");
      const res = await http.request({ method: "POST", path, body: b, schema: incidentUpdateSchema });
      return res.data;
    },

    /** Beyond the seed: the incident's latest 100 updates (bare array). */
    async list(incidentId: string): Promise<IncidentUpdate[]> {
      const res = await http.request({
        method: "GET",
        path: base(incidentId),
        schema: incidentUpdateListSchema,
      });
      return res.data;
    },
  };
}

export type IncidentUpdatesApi = ReturnType<typeof incidentUpdatesApi>;
