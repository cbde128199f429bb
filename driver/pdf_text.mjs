// A downloaded PDF as Markdown, page by page, read in Node with Mozilla's PDF.js (pdfjs-dist): an
// agent that follows a link to a PDF gets its text, not only a file on disk.
import { readFileSync } from 'node:fs';

// Whether the file is a PDF (its first bytes, whatever its name says).
export function isPdf(path) {
  try {
    return readFileSync(path).subarray(0, 5).toString('latin1') === '%PDF-';
  } catch {
    return false;
  }
}

// The text of one page: PDF.js's items in reading order, a line break where an item ends a line.
async function pageText(page) {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (typeof item.str !== 'string') continue;
    text += item.str + (item.hasEOL ? '\n' : '');
  }
  return text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

// Resolves the Markdown: `## Page N` then that page's text, for every page.
export async function pdfMarkdown(path) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(readFileSync(path)), useSystemFonts: false, isEvalSupported: false,
    verbosity: 0 });
  const doc = await task.promise;
  try {
    const parts = [];
    for (let n = 1; n <= doc.numPages; n++)
      parts.push(`## Page ${n}\n\n${await pageText(await doc.getPage(n)) || '(no text on this page)'}`);
    return parts.join('\n\n');
  } finally {
    await task.destroy();
  }
}
