// The viewport's size, as a window resized or a phone held.
import { defineTool } from './define_tool.mjs';
import { stateAnswer } from '../state_answers.mjs';
import { wholeNumber } from '../command_line.mjs';
import { WAITS, until } from '../waits.mjs';

const resize = defineTool({
  name: 'resize',
  title: 'Resize the viewport',
  description: 'Sets the viewport to width × height CSS pixels (a phone is about 390 × 844) and answers with the ' +
    'browser state, laid out anew.',
  params: { width: { type: 'integer', minimum: 200, maximum: 7680, description: 'CSS pixels.' },
    height: { type: 'integer', minimum: 200, maximum: 4320, description: 'CSS pixels.' } },
  required: ['width', 'height'],
  handle: async (b, a) => {
    const tab = await b.usableTab();
    const size = { width: a.width, height: a.height };
    await tab.page.setViewportSize(size);
    b.options.viewport = size;
    const settle = until(WAITS.afterAction, Date.now() + WAITS.afterAction.timeoutMs);
    return stateAnswer(b, tab, { settle }, [`The viewport is now ${size.width}×${size.height} CSS pixels.`]);
  },
  shell: { usage: 'WIDTH HEIGHT', positionals: 2,
    args: ([w, h]) => ({ width: wholeNumber(w, 'resize'), height: wholeNumber(h, 'resize') }) },
});

export const VIEWPORT = [resize];
