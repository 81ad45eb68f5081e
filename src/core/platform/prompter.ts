// A port for asking the person one thing at a time. Multi-step questions (the MCP entry, the LLM settings)
// are written against it in core, so they are tested with scripted answers; src/vscode answers with input boxes.

export interface InputRequest {
  readonly title: string;
  readonly prompt: string;
  readonly value?: string;
  readonly password?: boolean;
  /** The problem with a typed value, shown while typing; undefined when it may be accepted. */
  readonly validate?: (value: string) => string | undefined;
}

export interface Prompter {
  /** What the person typed, or undefined when they cancelled. */
  input(request: InputRequest): Promise<string | undefined>;
}
