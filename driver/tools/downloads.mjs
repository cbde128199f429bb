// The files the pages downloaded, saved under the output folder (--output-dir).
import { defineTool } from './define_tool.mjs';
import { Downloads } from '../downloads.mjs';

const downloads = defineTool({
  name: 'downloads',
  title: 'Downloads',
  description: 'Lists the files downloaded so far (by a click, a link or a navigation): each one\'s name, size and ' +
    'the path it was saved to, or how far it got.',
  handle: async (b) => {
    const list = b.downloads.list;
    if (!list.length) return { text: `No downloads yet (they are saved to ${b.downloads.dir}).` };
    return b.answer([`${list.length} download(s), saved to ${b.downloads.dir}, named by the server:`],
      list.map(Downloads.line).join('\n'));
  },
  shell: {},
});

export const DOWNLOADS = [downloads];
