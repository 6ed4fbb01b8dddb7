/**
 * Status-page services (seed §4.5, api-notes §2.3): cursor list (with `paginated`), and — beyond the
 * seed — read and create (hosted answers 200, the embedded service 201; any 2xx is success).
 */

import {
  type Service,
  type ServiceCreateBody,
  type ServiceListQuery,
  type ServicePage,
  serviceCreateBodySchema,
  serviceListQuerySchema,
  servicePageSchema,
  serviceSchema,
} from "../contract/schemas/services.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { collectCursor } from "./pagination.ts";

export function servicesApi(http: HttpClient) {
  async function list(query: ServiceListQuery = {}): Promise<ServicePage> {
    const q = validateInput(serviceListQuerySchema, query, "service list");
    const res = await http.request({
      method: "GET",
      path: "/v1/status-pages/services",
      query: { limit: q.limit, nextId: q.nextId, paginated: q.paginated },
      schema: servicePageSchema,
    });
    return res.data;
  }

  return {
    list,

    /** Every service, following `nextId` (100 per request). */
    listAll(opts: { maxItems?: number } = {}): Promise<Service[]> {
      return collectCursor((nextId) => list({ limit: 100, nextId }), opts);
    },

    /** Beyond the seed: GET /v1/status-pages/services/{id}. */
    async get(id: string): Promise<Service> {
      const res = await http.request({
        method: "GET",
        path: `/v1/status-pages/services/${pathId(id, "service id")}`,
        schema: serviceSchema,
      });
      return res.data;
    },

    /** Beyond the seed: POST /v1/status-pages/services `{name}` (answers 200). */
    async create(body: ServiceCreateBody): Promise<Service> {
      const b = validateInput(serviceCreateBodySchema, body, "service");
      const res = await http.request({
        method: "POST",
        path: "/v1/status-pages/services",
        body: b,
        schema: serviceSchema,
      });
      return res.data;
    },
  };
}

export type ServicesApi = ReturnType<typeof servicesApi>;
