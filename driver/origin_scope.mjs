// Which origins the browser may reach (--allowed-origins, --blocked-origins): comma-separated
// origins, `*` standing for any run of characters in a host or a port (https://*.example.org,
// http://127.0.0.1:*). A URL outside is refused, its navigation and its requests alike; local
// documents (about:, data:, blob:, file:) are always allowed.
import { UsageError } from './command_line.mjs';

function pattern(text) {
  const t = text.trim().replace(/\/+$/, '');
  if (!/^(https?|wss?):\/\/[^/?#\s]+$/i.test(t))
    throw new UsageError(`an origin is scheme://host[:port], * for any part of host or port (got ` +
    `${JSON.stringify(text)})`);
  const withPort = /:\d+$|:\*$/.test(t.replace(/^[a-z]+:\/\//i, '')) ? t
    : `${t}:${/^(https|wss):/i.test(t) ? 443 : 80}`;
  const source = withPort.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${source}$`);
}

// The origin of a URL with its port always written, or null for a local document.
function originOf(url) {
  let u;
  try { u = new URL(url); } catch { return null; }
  if (!/^(https?|wss?):$/.test(u.protocol)) return null;
  return `${u.protocol}//${u.hostname}:${u.port || (/^(https|wss):$/.test(u.protocol) ? 443 : 80)}`.toLowerCase();
}

// {allows(url) -> true, or the sentence refusing it}, or null when no scope was asked.
export function originScope(allowed, blocked) {
  if (!allowed && !blocked) return null;
  const allow = allowed ? allowed.split(',').filter((x) => x.trim()).map(pattern) : null;
  const block = blocked ? blocked.split(',').filter((x) => x.trim()).map(pattern) : [];
  return {
    allows(url) {
      const origin = originOf(url);
      if (origin === null) return true;
      if (block.some((re) => re.test(origin))) return `${origin.replace(/:(80|443)$/, '')} is among --blocked-origins`;
      if (allow && !allow.some((re) => re.test(origin)))
        return `${origin.replace(/:(80|443)$/, '')} is not among --allowed-origins`;
      return true;
    },
  };
}
