// LocalhostCORSMiddleware of OpenHands 0.54.0 (openhands/server/middleware.py) over Starlette 0.46's
// CORSMiddleware, as the server runs without PERMITTED_CORS_ORIGINS: an origin whose host is localhost or
// 127.0.0.1 (any scheme, any port) is allowed, with credentials, every method and whatever headers it asks for.
// It sits inside the rate limiter and CacheControlMiddleware, and outside the routes: preflights never reach a
// route or the key check, and the 429 and crash 500 answers get no CORS headers.
import { type IncomingHttpHeaders } from 'node:http';
import { type Reply } from './http';
import { PyValueError, pyUrlSplit } from './pyText';
import { ServerCrash } from './validators';

const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

/** `urlparse(origin).hostname in ['localhost', '127.0.0.1']`; urlparse's ValueError is an unhandled 500 there. */
function isAllowedOrigin(origin: string): boolean {
  if (!origin) return false;
  let netloc: string;
  try {
    netloc = pyUrlSplit(origin).netloc;
  } catch (e) {
    if (e instanceof PyValueError) throw new ServerCrash(e.message);
    throw e;
  }
  // urlsplit has already refused brackets anywhere but around the whole host, and a bracketed host is never
  // one of the two names.
  const hostInfo = netloc.slice(netloc.lastIndexOf('@') + 1);
  if (hostInfo.startsWith('[')) return false;
  return LOCAL_HOSTS.includes(hostInfo.split(':')[0].toLowerCase());
}

function preflight(origin: string, headers: IncomingHttpHeaders): Reply {
  const out: Record<string, string> = {
    vary: 'Origin',
    'access-control-allow-methods': ALL_METHODS.join(', '),
    'access-control-max-age': '600',
    'access-control-allow-credentials': 'true',
  };
  const failures: string[] = [];
  if (isAllowedOrigin(origin)) out['access-control-allow-origin'] = origin;
  else failures.push('origin');
  if (!ALL_METHODS.includes(String(headers['access-control-request-method']))) failures.push('method');
  // allow_headers=['*']: the requested headers are echoed as sent.
  const requested = headers['access-control-request-headers'];
  if (requested !== undefined) out['access-control-allow-headers'] = requested;
  const body = failures.length ? `Disallowed CORS ${failures.join(', ')}` : 'OK';
  return { status: failures.length ? 400 : 200, body, contentType: 'text/plain; charset=utf-8', headers: out };
}

/**
 * Runs `next` (routing and the routes) behind the CORS layer: a request without Origin passes untouched, a
 * preflight (OPTIONS with Access-Control-Request-Method) is answered here, and any other answer from inside
 * gets Access-Control-Allow-Credentials, plus the echoed origin when it is allowed.
 */
export function withCors(method: string, headers: IncomingHttpHeaders, next: () => Reply): Reply {
  const origin = headers.origin;
  if (origin === undefined) return next();
  if (method === 'OPTIONS' && headers['access-control-request-method'] !== undefined) return preflight(origin, headers);
  const reply = next();
  if (reply.bypassesMiddleware) return reply; // an exception inside: ServerErrorMiddleware answers, outside CORS
  const added: Record<string, string> = { 'access-control-allow-credentials': 'true' };
  if (isAllowedOrigin(origin)) {
    added['access-control-allow-origin'] = origin;
    const vary = reply.headers?.vary;
    added.vary = vary ? `${vary}, Origin` : 'Origin';
  }
  return { ...reply, headers: { ...reply.headers, ...added } };
}
