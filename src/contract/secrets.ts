/**
 * Masking of secrets inside API objects, for display (CLI tables, console panes). Pure: inputs are never
 * mutated; a masked copy is returned. `--json` output is the API's raw JSON and does not go through here.
 *
 * What counts as a secret (api-notes §8.7 plus the obvious neighbours):
 * - fields named like a secret (`webhookSecret`, `apiKey`, `serviceKey`, `rawKey`, `password`, `token`, ...),
 *   at any depth — `maskedKey`, `key`, `pingToken` and other non-secrets are left alone;
 * - `{key, value}` entries (webhook headers, query parameters) whose key looks like auth
 *   (`Authorization`, `x-api-key`, `api_key`, `*token*`, `*secret*`, `cookie`, the query names masked in URLs:
 *   `key`, `sig`, ...), and any such entry whose value is
 *   an auth credential (`Bearer x`, `Basic x`, `Token x`) whatever its key (free text is not scanned for
 *   these, so a description reading "Basic checks pass" stays as it is);
 * - credentials inside URLs, in any string: `user:password@` becomes `user:****@`, and secret-looking query
 *   parameters (`?token=`, `api_key=`, `secret=`, ...) get their value masked;
 * - beyond these, what an alert channel's type names as its secrets — the path of a CHAT channel's
 *   incoming-webhook URL (the URL itself is the credential), a paging service key, ...:
 *   `maskAlertChannel` (channel-types.ts, from each type's file).
 * A value that is only a template reference (`{{API_TOKEN}}`, `Bearer {{TOKEN}}`) is not a secret and is kept.
 *
 * Masked form: `maskSecret` — `...` plus the last 4 characters for long values, else `****`; a
 * value already in that form (a delivery's secret the service stored masked) is kept, not masked twice.
 */
export const MASK = "****";

/** `...` plus the last 4 characters (the hosted service's own masking), or `****` for short values. */
export function maskSecret(secret: string): string {
  return secret.length > 12 ? `...${secret.slice(-4)}` : "****";
}

/** Field names (lower-cased, without `-`/`_`) whose string values are secrets. */
const SECRET_FIELDS = new Set([
  "webhooksecret",
  "apikey",
  "servicekey",
  "rawkey",
  "secret",
  "clientsecret",
  "password",
  "passwd",
  "token",
  "accesstoken",
  "authtoken",
  "refreshtoken",
  "privatekey",
  "authorization",
]);

/** Also every name the URL masking treats as secret (SECRET_QUERY): a query parameter listed as a pair is masked as in the URL. */
const SENSITIVE_HEADER =
  /auth|token|secret|passw|api[-_]?key|cookie|signature|credential|session|^key$|^sig$/i;
const AUTH_SCHEME = /^(bearer|basic|token|digest)\s+(\S+)$/i;
const TEMPLATE_ONLY = /^\{\{\{?\s*[\w$.@-]+\s*\}?\}\}$/;
/** A value already masked (by the service, or by `maskSecret`): `****` or `...` plus up to 4 characters. */
const ALREADY_MASKED = /^(\*{4}|\.\.\.[^\s]{0,4})$/;
const URL_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*):([^\s/?#@]*)@/gi;
const SECRET_QUERY =
  /([?&](?:token|access_token|auth|auth_token|api_key|apikey|api-key|key|secret|password|sig|signature)=)([^&#\s]*)/gi;

const normalise = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

/** Whether a field name is one of the secret fields. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(normalise(name));
}

/** Whether a header / query-parameter name looks like it carries a credential. */
export function isSensitiveHeaderName(name: string): boolean {
  return SENSITIVE_HEADER.test(name);
}

/** Mask one secret value; empty values and pure template references are kept. */
export function maskValue(value: string): string {
  // one masking rule: a value masked once (`...cret`) is shown as it is, not masked again (`****`)
  if (value === "" || TEMPLATE_ONLY.test(value.trim()) || ALREADY_MASKED.test(value)) return value;
  const scheme = AUTH_SCHEME.exec(value.trim());
  if (scheme) {
    const cred = scheme[2] ?? "";
    return TEMPLATE_ONLY.test(cred.trim()) ? value : `${scheme[1]} ${maskSecret(cred)}`;
  }
  return maskSecret(value);
}

/** `https://user:password@host` → `https://user:****@host`; secret query values masked. Other text kept. */
export function maskUrlCredentials(text: string): string {
  return text
    .replace(URL_CREDENTIALS, (_m, scheme: string, user: string, pass: string) =>
      pass === "" ? `${scheme}${user}:@` : `${scheme}${user}:${MASK}@`,
    )
    .replace(SECRET_QUERY, (_m, prefix: string, v: string) =>
      v === "" || TEMPLATE_ONLY.test(decodeURIComponent(v)) ? `${prefix}${v}` : `${prefix}${MASK}`,
    );
}

/** Mask the path (and query) of an incoming-webhook URL, keeping scheme and host: `https://host/...abcd`. */
export function maskWebhookUrlPath(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]+)(.*)$/i.exec(url);
  if (!m) return url === "" ? url : maskSecret(url);
  const host = maskUrlCredentials(m[1] ?? "");
  const rest = (m[2] ?? "").replace(/^\//, "");
  return rest === "" ? host : `${host}/${maskSecret(rest)}`;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** A `{key, value}` pair (webhook header or query parameter). */
function isKeyValue(v: Record<string, unknown>): v is Record<string, unknown> & { key: string } {
  return typeof v.key === "string" && "value" in v;
}

function maskString(fieldName: string | undefined, value: string): string {
  if (fieldName !== undefined && isSecretField(fieldName)) return maskValue(value);
  return maskUrlCredentials(value);
}

function walk(value: unknown, fieldName: string | undefined): unknown {
  if (typeof value === "string") return maskString(fieldName, value);
  if (Array.isArray(value)) return value.map((v) => walk(v, undefined));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  const sensitiveKey = isKeyValue(value) && isSensitiveHeaderName(value.key);
  for (const [k, v] of Object.entries(value)) {
    const pairValue = k === "value" && typeof v === "string" && isKeyValue(value);
    if (pairValue && (sensitiveKey || AUTH_SCHEME.test(v.trim()))) out[k] = maskValue(v);
    else out[k] = walk(v, k);
  }
  return out;
}

/** Deep-masked copy of any API value (object, array, string...). */
export function maskSecrets<T>(value: T): T {
  return walk(value, undefined) as T;
}

/** Masked copy of a private location: `keys[].rawKey` and `proxyUrl` credentials. */
export function maskPrivateLocation<T>(location: T): T {
  return maskSecrets(location);
}
