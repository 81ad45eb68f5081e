// Loopback, for deciding where a key may go (agentHosts.ts). Hosts as the URL parser writes them (lower case, IPv6
// in brackets, IPv4 numbers normalised); every loopback name counts as one host: `localhost`, 127.0.0.0/8 and
// `::1`, since a server on loopback hands out loopback URLs under any of them.

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || IPV4_LOOPBACK.test(hostname);
}
