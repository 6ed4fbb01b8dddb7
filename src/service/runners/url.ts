/**
 * URL monitor: a GET of `request.url`. Passes on a status below 400 unless the check has assertions, in
 * which case those decide (STATUS_CODE, HEADERS, TEXT_BODY, RESPONSE_TIME like the API runner).
 */
import { type HttpApiOptions, httpDemo, runHttpCheck } from "./http-check.ts";
import type { CheckTypeService, Runner } from "./types.ts";

const options: HttpApiOptions = { forceMethod: "GET", followRedirectsDefault: true };

export const urlRunner: Runner = {
  run: (ctx) => runHttpCheck(ctx, options),
};

export const url: CheckTypeService = { runner: urlRunner, demo: httpDemo };
