/** The PSP did not answer, answered late or failed (5xx): the caller may try again later. */
export class PspUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PspUnavailableError';
  }
}

/** The PSP refused the request (4xx other than 401/404), e.g. removing a charge already paid. */
export class PspRefusedError extends Error {
  constructor(readonly status: number) {
    super(`PSP refused the request (${status})`);
    this.name = 'PspRefusedError';
  }
}
