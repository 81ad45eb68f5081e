// The local agent server's port: the one it had before when still free (its URL, the key stored for it and the
// conversations' links stay the same), else one the system gives. Bound on 127.0.0.1 only, as the server is.
import * as net from 'node:net';

/** Resolves to the port once a listener could take it, or undefined when something else holds it. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const taken = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(taken));
    });
  });
}

export async function choosePort(preferred: number | undefined): Promise<number> {
  const again = preferred ? await tryPort(preferred) : undefined;
  if (again) return again;
  const free = await tryPort(0);
  if (!free) throw new Error('No free port on 127.0.0.1');
  return free;
}
