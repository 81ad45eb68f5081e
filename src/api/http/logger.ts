// The logging port the API layer writes to. The extension passes its one redacting logger; tests pass a
// recorder. Messages never carry a key by construction, and the implementation redacts on top of that.
export interface ApiLogger {
  trace(message: string, ...args: unknown[]): void;
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string | Error, ...args: unknown[]): void;
}
