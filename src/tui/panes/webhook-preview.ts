/**
 * The service's webhook renderer (handlebars, dayjs, chrono-node: ~170 KB minified) for the preview in an
 * alert channel's detail, loaded on first use instead of with the console, so start-up never pays for it.
 */
export type WebhookRenderer = {
  renderWebhook: typeof import("../../service/alerts/webhook/render.ts").renderWebhook;
  TemplateError: typeof import("../../service/alerts/webhook/template.ts").TemplateError;
  alertVariables: typeof import("../../service/alerts/webhook/variables.ts").alertVariables;
  sampleAlert: typeof import("../../service/alerts/webhook/variables.ts").sampleAlert;
};

let loaded: WebhookRenderer | undefined;
let loading: Promise<WebhookRenderer> | undefined;

/** The renderer if it is loaded already. */
export function webhookRenderer(): WebhookRenderer | undefined {
  return loaded;
}

export function loadWebhookRenderer(): Promise<WebhookRenderer> {
  loading ??= Promise.all([
    import("../../service/alerts/webhook/render.ts"),
    import("../../service/alerts/webhook/template.ts"),
    import("../../service/alerts/webhook/variables.ts"),
  ]).then(([r, t, v]) => {
    loaded = {
      renderWebhook: r.renderWebhook,
      TemplateError: t.TemplateError,
      alertVariables: v.alertVariables,
      sampleAlert: v.sampleAlert,
    };
    return loaded;
  });
  return loading;
}
