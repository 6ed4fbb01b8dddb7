/**
 * The check types: one file each beside this one (named after its kind: its spec, body schema and
 * analytics report, src/contract/check-type-def.ts), one line each here. Everything the contract keeps per
 * type is derived from this list (check-types.ts, schemas/check-bodies.ts, schemas/check-sessions.ts,
 * analytics-metrics.ts), and the service's part of each type is a `satisfies` table over it
 * (src/service/runners/registry.ts). test/architecture.test.ts checks every file here is listed.
 *
 * The order is the order they are named in: the service's "checkType must be one of [...]", the analytics
 * commands.
 */
import { api } from "./api.ts";
import { browser } from "./browser.ts";
import { dns } from "./dns.ts";
import { heartbeat } from "./heartbeat.ts";
import { multistep } from "./multistep.ts";
import { playwright } from "./playwright.ts";
import { tcp } from "./tcp.ts";
import { url } from "./url.ts";

export const CHECK_TYPE_DEFS = [api, url, tcp, dns, heartbeat, browser, multistep, playwright] as const;
