/**
 * Errors raised by the embedded service's routes. The app's error handler turns a ServiceError into the
 * hosted error body `{statusCode, error, message, validation?, attributes?}` (api-notes.md §1.2).
 */

const REASONS = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Time-out",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
} as const;

/** The statuses a route answers an error with (each with its reason phrase). */
export type ErrorStatus = keyof typeof REASONS;

export function reasonPhrase(status: ErrorStatus): string {
  return REASONS[status];
}

export type ValidationInfo = { source: "payload" | "query" | "params"; keys: string[] };

export class ServiceError extends Error {
  readonly status: ErrorStatus;
  readonly validation: ValidationInfo | undefined;
  readonly headers: Record<string, string>;
  constructor(
    status: ErrorStatus,
    message: string,
    opts: { validation?: ValidationInfo; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.validation = opts.validation;
    this.headers = opts.headers ?? {};
  }

  toBody(): Record<string, unknown> {
    return {
      statusCode: this.status,
      error: reasonPhrase(this.status),
      message: this.message,
      ...(this.validation ? { validation: this.validation } : {}),
    };
  }
}

export const notFound = (message: string) => new ServiceError(404, message);
export const badRequest = (message: string, source: ValidationInfo["source"], keys: string[]) =>
  new ServiceError(400, message, { validation: { source, keys } });
