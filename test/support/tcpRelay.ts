// A TCP relay in front of a server that can cut every connection through it, as a dropped network does: the
// conformance suite's and the UI scenarios' way to drop a live socket mid-run while the server goes on.
import * as net from 'node:net';

/** A TCP relay to the server that can cut every connection through it, as a dropped network does. */
export async function relay(target: URL): Promise<{ url: string; cut(): void; paths: string[]; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const paths: string[] = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port), target.hostname);
    inbound.once('data', (first) => { paths.push(/^GET (\S+)/.exec(first.toString('latin1'))?.[1] ?? ''); });
    for (const socket of [inbound, outbound]) { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); socket.on('error', () => undefined); }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, paths,
    cut: () => { for (const socket of sockets) socket.destroy(); },
    close: () => { for (const socket of sockets) socket.destroy(); return new Promise((resolve) => server.close(() => resolve())); },
  };
}
