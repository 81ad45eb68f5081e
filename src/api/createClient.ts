// Builds the client for a server. Today every server gets the V0 adapter; the connection layer is where a
// detected API version will choose another one.
import type { OpenHandsClient } from './client';
import { Transport, type TransportOptions } from './http/transport';
import { V0Client } from './v0/v0Client';

export type ClientOptions = TransportOptions;

export function createClient(options: ClientOptions): OpenHandsClient {
  return new V0Client(new Transport(options));
}
