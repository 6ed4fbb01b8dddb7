/**
 * The service's webhook renderer (handlebars, dayjs, chrono-node: ~170 KB minified) for the preview in an
 * alert channel's detail, loaded on first use instead of with the console, so start-up never pays for it.
 */
export type WebhookRenderer = {
  renderWebhook: typeof import("../../../shared/webhook/render.ts").renderWebhook;
  TemplateError: typeof import("../../../shared/webhook/template.ts").TemplateError;
  alertVariables: typeof import("../../../shared/webhook/variables.ts").alertVariables;
  sampleAlert: typeof import("../../../shared/webhook/variables.ts").sampleAlert;
};

/** What the preview has: the renderer, or why it could not be loaded (said in the preview), or neither yet. */
export type RendererState = WebhookRenderer | { loadError: string } | undefined;

let loaded: WebhookRenderer | undefined;
let loading: Promise<WebhookRenderer> | undefined;

/** The renderer if it is loaded already. */
export function webhookRenderer(): WebhookRenderer | undefined {
  return loaded;
}

export function loadWebhookRenderer(): Promise<WebhookRenderer> {
  loading ??= Promise.all([
    import("../../../shared/webhook/render.ts"),
    import("../../../shared/webhook/template.ts"),
    import("../../../shared/webhook/variables.ts"),
  ]).then(([r, t, v]) => {
    loaded = {
      renderWebhook: r.renderWebhook,
      TemplateError: t.TemplateError,
      alertVariables: v.alertVariables,
      sampleAlert: v.sampleAlert,
    };
    return loaded;
  });
  // a failed load is not kept: the next preview tries again
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
