/**
 * API check: method, headers, query parameters, body, basic auth and assertions on status code, JSON body
 * path, headers, text body and response time. Without assertions a status below 400 passes.
 */
import { runHttpCheck } from "./http-check.ts";
import type { Runner } from "./types.ts";

export const apiRunner: Runner = {
  types: ["API"],
  run: (ctx) => runHttpCheck(ctx, { followRedirectsDefault: true }),
};
