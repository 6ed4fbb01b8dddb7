/**
 * The service's webhook renderer (handlebars, dayjs, chrono-node: ~170 KB minified) for the preview in an
 * alert channel's detail, loaded on first use instead of with the console, so start-up never pays for it.
 * The loader takes the import as a function: the console's imports the shared renderer; a test gives one
 * that fails as a broken install would, and sees the preview say so (ConsoleInfo.webhookRenderer).
 */
import type { ChannelRenderer } from "../../../contract/channel-type-def.ts";

/** What a channel type's preview is made with (src/contract/channel-type-def.ts). */
export type WebhookRenderer = ChannelRenderer;

/** What the preview has: the renderer, or why it could not be loaded (said in the preview), or neither yet. */
export type RendererState = WebhookRenderer | { loadError: string } | undefined;

export type RendererLoader = {
  /** The renderer if it is loaded already. */
  current(): WebhookRenderer | undefined;
  /** The renderer, loaded on the first call; a failed load is not kept: the next call tries again. */
  load(): Promise<WebhookRenderer>;
};

/** The shared renderer's modules, imported. */
const importShared = async (): Promise<WebhookRenderer> => {
  const [r, t, v] = await Promise.all([
    import("../../../shared/webhook/render.ts"),
    import("../../../shared/webhook/template.ts"),
    import("../../../shared/webhook/variables.ts"),
  ]);
  return {
    renderWebhook: r.renderWebhook,
    TemplateError: t.TemplateError,
    alertVariables: v.alertVariables,
    sampleAlert: v.sampleAlert,
  };
};

export function rendererLoader(
  importRenderer: () => Promise<WebhookRenderer> = importShared,
): RendererLoader {
  let loaded: WebhookRenderer | undefined;
  let loading: Promise<WebhookRenderer> | undefined;
  return {
    current: () => loaded,
    load() {
      if (!loading) {
        const now = importRenderer().then((r) => {
          loaded = r;
          return r;
        });
        loading = now;
        now.catch(() => {
          if (loading === now) loading = undefined;
        });
      }
      return loading;
    },
  };
}

/** The console's loader: the shared renderer, loaded once per process. */
export const webhookRenderers: RendererLoader = rendererLoader();

/** The renderer if it is loaded already (the console's loader). */
export const webhookRenderer = (): WebhookRenderer | undefined => webhookRenderers.current();

/** The renderer, loaded on first use (the console's loader). */
export const loadWebhookRenderer = (): Promise<WebhookRenderer> => webhookRenderers.load();
