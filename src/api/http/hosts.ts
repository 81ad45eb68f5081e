// Whether two URLs name the same host, for deciding where a key may go. Hosts are compared as the URL parser
// writes them (lower case, IPv6 in brackets, IPv4 numbers normalised); every loopback name counts as one host:
// `localhost`, 127.0.0.0/8 and `::1`, since a server on loopback hands out loopback URLs under any of them.

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || IPV4_LOOPBACK.test(hostname);
}

/** Both URLs on the same host (any port), or both on loopback. */
export function sameHostOrLoopback(a: URL, b: URL): boolean {
  if (a.hostname === b.hostname) return true;
  return isLoopbackHost(a.hostname) && isLoopbackHost(b.hostname);
}
