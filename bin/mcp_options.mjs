// The options of `dehydra mcp` beside the browser's, and the HTTP settings they give the server.
// Read before anything is loaded or started, so bad words are usage errors and nothing else.
import { UsageError } from '../driver/command_line.mjs';

export const MCP_OPTIONS = { http: { type: 'string' }, host: { type: 'string' }, 'shared-context': { type: 'boolean' },
  'max-clients': { type: 'string' }, 'idle-timeout': { type: 'string' }, 'no-page-tools': { type: 'boolean' } };

// `values` (as parseWords read them): {host, port, shared, maxClients, idleMs} for Streamable HTTP,
// or null for stdio.
export function httpSettings(values) {
  if (values.http !== undefined && (!/^\d+$/.test(values.http) || +values.http > 65535))
    throw new UsageError('--http takes a port number (0 picks a free one)');
  const count = (name, fallback, least) => {
    const v = values[name];
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v) || +v < least)
      throw new UsageError(`--${name} takes a whole number of at least ${least} (got ${v})`);
    return +v;
  };
  const http = values.http === undefined ? null : {
    host: values.host ?? '127.0.0.1', port: +values.http,
    // A browser reached over CDP is the user's, and a profile is one context: shared by every client.
    shared: !!values['shared-context'] || values['cdp-endpoint'] !== undefined ||
      values['user-data-dir'] !== undefined || !!values.extension,
    maxClients: count('max-clients', 16, 1), idleMs: count('idle-timeout', 1800, 1) * 1000,
  };
  if (!http && ['host', 'shared-context', 'max-clients', 'idle-timeout'].some((k) => values[k] !== undefined)) {
    throw new UsageError('--host, --shared-context, --max-clients and --idle-timeout go with --http');
  }
  return http;
}
