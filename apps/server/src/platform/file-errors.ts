/** What a file store throws that its callers act on (a driver's own errors pass through). */

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export class FileMissingError extends Error {
  constructor(key: string) {
    super(`No stored file at ${key}`);
    this.name = 'FileMissingError';
  }
}
