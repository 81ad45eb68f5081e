// A transport that sends an agent server's host-wide file, git and shell routes (`/api/file/…`, `/api/git/…`,
// `/api/bash/…`) to the same routes under one conversation (`/api/conversations/{id}/file/…`): an OpenHands Agent
// Server spoken to directly (1.58.2) scopes them to the conversation's workspace (paths and cwd outside it: 422)
// and, with its Docker runtime, to the conversation's own container, where the host-wide ones act on its host.
// The modules that use those routes stay the same on every line; only the transport they are given differs.
import { Transport, type CallOptions, type HttpAnswer, type HttpMethod, type StreamedBody, type BytesAnswer, type TransportOptions } from './transport';

const HOST_WIDE = /^\/api\/(file|git|bash)\//;

export class ConversationScopedTransport extends Transport {
  /** `conversationPath`: `/api/conversations/<id>`, under which the routes are sent. */
  constructor(options: TransportOptions, private readonly conversationPath: string) {
    super(options);
  }

  override send(method: HttpMethod, path: string, body: unknown, callOptions?: CallOptions): Promise<HttpAnswer> {
    return super.send(method, this.scoped(path), body, callOptions);
  }

  override sendStreamed(path: string, body: StreamedBody, callOptions?: CallOptions): Promise<HttpAnswer> {
    return super.sendStreamed(this.scoped(path), body, callOptions);
  }

  override sendForBytes(path: string, maxBytes: number, callOptions?: CallOptions): Promise<BytesAnswer> {
    return super.sendForBytes(this.scoped(path), maxBytes, callOptions);
  }

  private scoped(path: string): string {
    return path.replace(HOST_WIDE, `${this.conversationPath}/$1/`);
  }
}
