/** Thrown by handlers; the server turns it into the document's error envelope. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpFailure(404, `${what} not found`);
export const badRequest = (message: string) => new HttpFailure(400, message);

export const success = (data: unknown, extra: Record<string, unknown> = {}) => ({
  status: 'success',
  msg: 'success',
  data,
  ...extra,
});
export const failure = (msg: string) => ({ status: 'error', msg });
