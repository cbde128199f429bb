// What the agent typed as a URL: http(s), file, about, data; a path to a local file; else https.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolError } from './tool_error.mjs';

export function pageUrl(target) {
  if (typeof target !== 'string' || !target.trim()) throw new ToolError('url must be a non-empty string');
  const t = target.trim();
  if (/^(https?|file|about|data):/i.test(t)) return t;
  if (/^[a-z][a-z0-9+.-]*:/i.test(t) && !/^[a-z]:[\\/]/i.test(t) && !/^localhost:\d/i.test(t)) {
    throw new ToolError(`unsupported URL scheme in ${t} (http, https, file, about or data)`);
  }
  if (t.startsWith('/') || t.startsWith('.') || existsSync(t)) {
    const file = resolve(t);
    if (!existsSync(file)) throw new ToolError(`no such file: ${t}`);
    return pathToFileURL(file).href;
  }
  return /^(localhost|127\.|\[::1\])/i.test(t) ? `http://${t}` : `https://${t}`;
}
