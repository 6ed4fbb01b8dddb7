/**
 * A curl command line that reproduces an API or URL check's request, as the runners build it
 * (src/service/runners/http-check.ts): method (URL checks: GET), URL with the query parameters appended,
 * the headers, basic auth, the body with the content type its body type implies, redirects followed or
 * not, TLS verification skipped or not, IPv6.
 *
 * Secrets are masked by the one rule of src/api/secrets.ts: a header or query parameter whose name looks
 * like a credential (Authorization, x-api-key, *token*, cookie, …) or whose value is one (`Bearer x`),
 * `user:password@` and secret query values in the URL, the basic-auth password, and JSON body fields named
 * like secrets. A masked value reads `...abcd` or `****`: put the real one back before running it.
 * `{{VARIABLE}}` references are kept (they are not secrets; the account's variables fill them).
 *
 * Pure; the text is POSIX-shell quoted (single quotes).
 */
import { isSensitiveHeaderName, maskSecrets, maskUrlCredentials, maskValue } from "../../contract/secrets.ts";

type KeyValue = { key?: unknown; value?: unknown };
export type CurlCheck = {
  checkType?: unknown;
  /** `request` as the check holds it (method, url, headers, queryParameters, body, bodyType, …). */
  request?: Readonly<Record<string, unknown>> | null | undefined;
};

const AUTH_VALUE = /^(bearer|basic|token|digest)\s+\S+$/i;

/** `s` as one POSIX-shell word: as it is when plain, else single-quoted with a quote inside as `'\''`. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

function pairs(v: unknown): [string, string][] {
  if (!Array.isArray(v)) return [];
  return (v as KeyValue[])
    .filter((kv) => kv && typeof kv.key === "string" && kv.key !== "")
    .map((kv) => [String(kv.key), kv.value === undefined || kv.value === null ? "" : String(kv.value)]);
}

/** How values are written: masked (what is copied) or as they are (to tell whether masking hid anything). */
type Masks = {
  pair: (key: string, value: string) => string;
  url: (url: string) => string;
  password: (p: string) => string;
  body: (body: string, bodyType: string) => string;
};

/** A JSON body with fields named like secrets masked; any other body as it is. */
function maskBody(body: string, bodyType: string): string {
  if (bodyType !== "JSON" && bodyType !== "GRAPHQL") return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const masked = maskSecrets(parsed);
  return JSON.stringify(masked) === JSON.stringify(parsed) ? body : JSON.stringify(masked);
}

const MASKED: Masks = {
  // a header / parameter value, masked when its name or its value says it is a credential
  pair: (k, v) => (isSensitiveHeaderName(k) || AUTH_VALUE.test(v.trim()) ? maskValue(v) : v),
  url: maskUrlCredentials,
  password: maskValue,
  body: maskBody,
};
const AS_IS: Masks = { pair: (_k, v) => v, url: (u) => u, password: (p) => p, body: (b) => b };

/** The URL with the query parameters appended (as the runner appends them). */
function urlWith(raw: string, params: [string, string][], m: Masks): string {
  let out = raw;
  if (params.length > 0) {
    const q = params
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(m.pair(k, v))}`)
      .join("&");
    const hash = out.indexOf("#");
    const [base, frag] = hash >= 0 ? [out.slice(0, hash), out.slice(hash)] : [out, ""];
    out = `${base}${base.includes("?") ? (/[?&]$/.test(base) ? "" : "&") : "?"}${q}${frag}`;
  }
  return m.url(out);
}

const CONTENT_TYPES: Record<string, string> = {
  JSON: "application/json",
  GRAPHQL: "application/json",
  FORM: "application/x-www-form-urlencoded",
};

function build(check: CurlCheck, m: Masks): string | undefined {
  const type = String(check.checkType ?? "");
  if (type !== "API" && type !== "URL") return undefined;
  const r = check.request ?? {};
  const rawUrl = typeof r.url === "string" ? r.url.trim() : "";
  if (rawUrl === "") return undefined;
  const method = type === "URL" ? "GET" : (typeof r.method === "string" ? r.method : "GET").toUpperCase();
  const args: string[] = ["curl"];
  if (r.followRedirects !== false) args.push("-L");
  if (r.skipSSL === true) args.push("-k");
  if (r.ipFamily === "IPv6") args.push("-6");
  if (method === "HEAD") args.push("-I");
  else if (method !== "GET") args.push("-X", method);
  const headers = pairs(r.headers);
  for (const [k, v] of headers) args.push("-H", shellQuote(`${k}: ${m.pair(k, v)}`));
  const auth = r.basicAuth as { username?: unknown; password?: unknown } | null | undefined;
  if (auth && typeof auth.username === "string" && auth.username !== "") {
    const pass = typeof auth.password === "string" ? auth.password : "";
    args.push("-u", shellQuote(`${auth.username}:${pass === "" ? "" : m.password(pass)}`));
  }
  const body = typeof r.body === "string" && method !== "GET" && method !== "HEAD" ? r.body : "";
  if (body !== "") {
    const bodyType = typeof r.bodyType === "string" ? r.bodyType : "";
    if (!headers.some(([k]) => k.toLowerCase() === "content-type"))
      args.push("-H", shellQuote(`Content-Type: ${CONTENT_TYPES[bodyType] ?? "text/plain"}`));
    args.push("--data-raw", shellQuote(m.body(body, bodyType)));
  }
  args.push(shellQuote(urlWith(rawUrl, pairs(r.queryParameters), m)));
  return args.join(" ");
}

/** The curl command of an API / URL check's request, secrets masked; undefined for other types or without a URL. */
export function curlOf(check: CurlCheck): string | undefined {
  return build(check, MASKED);
}

/** Whether the copied curl has masked values (the console says so: put them back before running it). */
export function curlHidesSecrets(check: CurlCheck): boolean {
  return build(check, MASKED) !== build(check, AS_IS);
}
