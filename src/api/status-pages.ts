/**
 * Status pages (seed §4.5, api-notes §2.3, §2.5): cursor list, read, PUT of the whole page with its cards
 * and service references, and — beyond the seed — create.
 */

import { type CursorQuery, cursorQuerySchema } from "../contract/schemas/services.ts";
import {
  type StatusPage,
  type StatusPagePage,
  type StatusPageUpdateBody,
  statusPageCreateBodySchema,
  statusPagePageSchema,
  statusPageSchema,
  statusPageUpdateBodySchema,
} from "../contract/schemas/status-pages.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { collectCursor } from "./pagination.ts";

export function statusPagesApi(http: HttpClient) {
  async function list(query: CursorQuery = {}): Promise<StatusPagePage> {
    const q = validateInput(cursorQuerySchema, query, "status page list");
    const res = await http.request({
      method: "GET",
      path: "/v1/status-pages",
      query: { limit: q.limit, nextId: q.nextId },
      schema: statusPagePageSchema,
    });
    return res.data;
  }

  return {
    list,

    /** Every page, following `nextId` (100 per request). */
    listAll(opts: { maxItems?: number } = {}): Promise<StatusPage[]> {
      return collectCursor((nextId) => list({ limit: 100, nextId }), opts);
    },

    async get(id: string): Promise<StatusPage> {
      const res = await http.request({
        method: "GET",
        path: `/v1/status-pages/${pathId(id, "status page id")}`,
        schema: statusPageSchema,
      });
      return res.data;
    },

    /** PUT the whole page: name, url, cards (services by id) and the optional presentation fields. */
    async update(id: string, body: StatusPageUpdateBody): Promise<StatusPage> {
      const seg = pathId(id, "status page id");
      const b = validateInput(statusPageUpdateBodySchema, body, "status page");
      const res = await http.request({
        method: "PUT",
        path: `/v1/status-pages/${seg}`,
        body: b,
        schema: statusPageSchema,
      });
      return res.data;
    },

    /** Beyond the seed: POST /v1/status-pages (201) with the same body as the PUT. */
    async create(body: StatusPageUpdateBody): Promise<StatusPage> {
      const b = validateInput(statusPageCreateBodySchema, body, "status page");
      const res = await http.request({
        method: "POST",
        path: "/v1/status-pages",
        body: b,
        schema: statusPageSchema,
      });
      return res.data;
    },
  };
}

export type StatusPagesApi = ReturnType<typeof statusPagesApi>;
