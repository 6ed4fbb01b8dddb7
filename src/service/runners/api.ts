/**
 * API check: method, headers, query parameters, body, basic auth and assertions on status code, JSON body
 * path, headers, text body and response time. Without assertions a status below 400 passes.
 */
import { httpDemo, runHttpCheck } from "./http-check.ts";
import type { CheckTypeService, Runner } from "./types.ts";

export const apiRunner: Runner = {
  run: (ctx) => runHttpCheck(ctx, { followRedirectsDefault: true }),
};

export const api: CheckTypeService = { runner: apiRunner, demo: httpDemo };
