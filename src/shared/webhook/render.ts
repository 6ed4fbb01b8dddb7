/**
 * Renders a WEBHOOK channel's request for one alert: the URL, the header values, the query parameters and
 * the body go through the template (api-notes §6.1). Without a `template` the body is a JSON object of the
 * event variables (the open point of api-notes §8 decided so). A body template that is JSON (starts with
 * `{` or `[`) inserts values escaped for JSON strings instead of HTML (a vigil choice: `&quot;` in a JSON
 * body is never what was meant). Pure: used by the outbox, the CLI and the console's preview.
 */
import { type RenderOptions, renderTemplate, TemplateError, type TemplateVariables } from "./template.ts";

export type WebhookConfig = {
  url?: string | null | undefined;
  method?: string | null | undefined;
  headers?: { key: string; value?: string | null | undefined }[] | null | undefined;
  queryParameters?: { key: string; value?: string | null | undefined }[] | null | undefined;
  template?: string | null | undefined;
};

export type RenderedRequest = { url: string; method: string; headers: Record<string, string>; body: string };

function part<T>(where: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof TemplateError) throw new TemplateError(`${where}: ${err.detail}`, err.line);
    throw err;
  }
}

/** @throws TemplateError naming the part (url, header X, body) and line */
export function renderWebhook(
  config: WebhookConfig,
  variables: TemplateVariables,
  userVariables: TemplateVariables = {},
  opts: RenderOptions = {},
): RenderedRequest {
  const r = (where: string, src: string) =>
    part(where, () => renderTemplate(src, variables, userVariables, opts));
  const rawUrl = r("url", config.url ?? "");
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw new TemplateError(`url: ${JSON.stringify(rawUrl)} is not a valid URL`, undefined);
  }
  for (const q of config.queryParameters ?? [])
    url.searchParams.append(q.key, r(`query parameter ${q.key}`, q.value ?? ""));
  const headers: Record<string, string> = {};
  for (const h of config.headers ?? []) headers[h.key.toLowerCase()] = r(`header ${h.key}`, h.value ?? "");
  // a body that is JSON gets its values escaped for JSON strings, not HTML (template.ts `escape`)
  const json = typeof config.template === "string" && /^\s*[[{]/.test(config.template);
  const body =
    typeof config.template === "string" && config.template !== ""
      ? part("body", () =>
          renderTemplate(config.template as string, variables, userVariables, {
            ...opts,
            ...(json ? { escape: "json" as const } : {}),
          }),
        )
      : JSON.stringify(variables);
  const method = (config.method ?? "POST").toUpperCase();
  return { url: url.toString(), method, headers, body };
}
