/**
 * Checks (api-notes §3.1, BEYOND THE SEED): page/limit lists (bare arrays), one check, the
 * type-specific create the embedded service also offers, and a partial update (mute, activate, rename).
 */

import { CHECK_KINDS, kindOfType } from "../contract/schemas/check-bodies.ts";
import type {
  Check,
  CheckCreateBody,
  CheckListQuery,
  CheckUpdateBody,
  CreatableCheckType,
} from "../contract/schemas/checks.ts";
import { UsageError } from "./errors.ts";
import { onFirstUse } from "./first-use.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import { collectPages, type Page, totalOf } from "./pagination.ts";

// the console lists its checks through their summaries (src/store/data/), not these
const schemas = onFirstUse(() => import("../contract/schemas/checks.ts"));

export type CheckFilter = Omit<CheckListQuery, "page" | "limit">;

export function checksApi(http: HttpClient) {
  /** One page, with the list's total when the server gives it (Content-Range). */
  async function listPage(q: CheckListQuery = {}, opts: { signal?: AbortSignal } = {}): Promise<Page<Check>> {
    const s = await schemas();
    const v = validateInput(s.checkListQuerySchema, q, "checks list");
    const res = await http.request({
      method: "GET",
      path: "/v1/checks",
      query: {
        page: v.page,
        limit: v.limit,
        tag: v.tag,
        checkType: v.checkType,
        search: v.search,
        status: v.status,
      },
      schema: s.checkListSchema,
      signal: opts.signal,
    });
    return { items: res.data, total: totalOf(res.headers["content-range"]) };
  }

  return {
    async list(q: CheckListQuery = {}, opts: { signal?: AbortSignal } = {}): Promise<Check[]> {
      return (await listPage(q, opts)).items;
    },

    listPage,

    /** Every page of the list, 100 per request; `maxItems` bounds memory for huge accounts. */
    listAll(filter: CheckFilter = {}, opts: { maxItems?: number; pageSize?: number } = {}): Promise<Check[]> {
      return collectPages((page, limit) => listPage({ ...filter, page, limit }), {
        limit: opts.pageSize ?? 100,
        ...(opts.maxItems !== undefined ? { maxItems: opts.maxItems } : {}),
      });
    },

    async get(id: string, opts: { signal?: AbortSignal } = {}): Promise<Check> {
      const path = `/v1/checks/${pathId(id, "check id")}`;
      const s = await schemas();
      const res = await http.request({
        method: "GET",
        path,
        schema: s.checkSchema,
        signal: opts.signal,
      });
      return res.data;
    },

    /**
     * Change some fields of a check: PUT /v1/checks/{type}/{id} (the hosted API's update; the generic
     * PUT /v1/checks/{id} is deprecated there and used only for a type without its own path) with only the
     * fields given — the service merges them onto the stored check, so nothing else is sent back.
     */
    async update(id: string, checkType: string, body: CheckUpdateBody): Promise<Check> {
      const s = await schemas();
      const v = validateInput(s.checkUpdateBodySchema, body, "check update");
      if (Object.keys(v).length === 0) throw new UsageError("check update: nothing to change");
      const kind = kindOfType(checkType);
      const res = await http.request({
        method: "PUT",
        path: kind ? `/v1/checks/${kind}/${pathId(id, "check id")}` : `/v1/checks/${pathId(id, "check id")}`,
        body: v,
        schema: s.checkSchema,
      });
      return res.data;
    },

    /**
     * Write a whole check body (any field): PUT /v1/checks/{type}/{id}, the body checked first with the
     * type's one schema (check-bodies.ts, as the service validates it) and sent as written; read-only and
     * unknown members are dropped by the service. `vigil checks update` merges a file or flags onto the
     * check as read before it calls this.
     */
    async save(id: string, checkType: string, body: Record<string, unknown>): Promise<Check> {
      const kind = kindOfType(checkType);
      if (!kind) throw new UsageError(`checks of type ${checkType} cannot be written here`);
      validateInput(CHECK_KINDS[kind].schema, body, `${kind} check`);
      const s = await schemas();
      const res = await http.request({
        method: "PUT",
        path: `/v1/checks/${kind}/${pathId(id, "check id")}`,
        body,
        schema: s.checkSchema,
      });
      return res.data;
    },

    /** DELETE /v1/checks/{id} (its results and alerts go with it). */
    async delete(id: string): Promise<void> {
      await http.request({ method: "DELETE", path: `/v1/checks/${pathId(id, "check id")}` });
    },

    /**
     * POST /v1/checks/{type}; the body is checked first with the type's one schema (the embedded service's
     * own, check-bodies.ts) and sent as written — the defaults that schema fills are the service's business.
     */
    async create<T extends CreatableCheckType>(type: T, body: CheckCreateBody<T>): Promise<Check> {
      const s = await schemas();
      const schema = s.checkCreateSchemas[type];
      if (!schema) throw new UsageError(`unknown check type "${String(type)}"`);
      validateInput(schema, body, `${type} check`);
      const res = await http.request({
        method: "POST",
        path: `/v1/checks/${type}`,
        body,
        schema: s.checkSchema,
      });
      return res.data;
    },
  };
}
