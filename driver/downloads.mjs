// The files a browsing context downloaded: each saved under the output folder as soon as it is
// complete (the browser's own copy goes away with the browser), with its name and size, so an
// action's answer and the downloads tool can name them.
import { mkdirSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, extname, basename } from 'node:path';
import { isPdf, pdfMarkdown } from './pdf_text.mjs';

// Where downloads go unless --output-dir says: a folder under the user's cache.
function defaultOutputDir() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'dehydra', 'downloads');
}

// A name in `dir` that no file has yet: name.ext, then name-2.ext, …
function freeName(dir, suggested) {
  const safe = basename(suggested || 'download').replace(/[^\w.\- ()]/g, '_').slice(0, 120) || 'download';
  const ext = extname(safe);
  const stem = safe.slice(0, safe.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = join(dir, n === 1 ? safe : `${stem}-${n}${ext}`);
    if (!existsSync(candidate)) return candidate;
  }
}

export class Downloads {
  constructor(dir) {
    this.dir = dir || defaultOutputDir();
    this.list = [];  // {name, url, path, bytes, failure, done}
  }

  get count() { return this.list.length; }

  // A download the browser started (Playwright's Download): saved once complete.
  add(download) {
    const entry = { name: download.suggestedFilename(), url: download.url(), path: null, bytes: null, failure: null };
    entry.done = (async () => {
      try {
        mkdirSync(this.dir, { recursive: true });
        const path = freeName(this.dir, entry.name);
        await download.saveAs(path);
        entry.path = path;
        entry.bytes = statSync(path).size;
      } catch (e) {
        entry.failure = (await download.failure().catch(() => null)) || String(e.message || e).split('\n')[0];
      }
    })();
    this.list.push(entry);
    return entry;
  }

  // A file the browser showed instead of saving (a PDF in its viewer), saved as a download is.
  saveFile(name, url, bytes) {
    mkdirSync(this.dir, { recursive: true });
    const path = freeName(this.dir, name);
    writeFileSync(path, bytes);
    const entry = { name, url, path, bytes: bytes.length, failure: null, done: Promise.resolve() };
    this.list.push(entry);
    return entry;
  }

  // The downloads started since `count`, each finished or given up on at `deadline`.
  async since(count, deadline) {
    const started = this.list.slice(count);
    const left = Math.max(0, deadline - Date.now());
    await Promise.race([Promise.all(started.map((d) => d.done)), new Promise((resolve) => setTimeout(resolve, left))]);
    return started;
  }

  // The downloads as page text: a line each, then the Markdown of each PDF among them.
  static async text(downloads) {
    const parts = [downloads.map(Downloads.line).join('\n')];
    for (const d of downloads) {
      if (!d.path || !isPdf(d.path)) continue;
      const markdown = await pdfMarkdown(d.path)
        .catch((e) => `(its text could not be read: ${String(e.message || e).split('\n')[0]})`);
      parts.push(`# ${d.name} (PDF)\n\n${markdown}`);
    }
    return parts.join('\n\n');
  }

  // One line for a download, in our words (its name is the server's: the caller fences lines).
  static line(d) {
    if (d.failure) return `${d.name}: failed (${d.failure})`;
    if (!d.path) return `${d.name}: still downloading (from ${d.url})`;
    return `${d.name}: ${d.bytes} bytes, saved to ${d.path}`;
  }
}
