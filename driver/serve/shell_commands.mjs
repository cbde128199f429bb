// The shell session's commands: each tool's shell form (tools/), so `dehydra click 4` is the click
// tool with {index: 4}. Parsing and help only; nothing here touches a browser.
import { TOOL_BY_COMMAND, AREAS } from '../tools/index.mjs';
import { parseWords, UsageError } from '../command_line.mjs';
import { SESSION_COMMANDS, SESSION_OPTIONS } from './session_options.mjs';

function commandUsage(command) {
  const tool = TOOL_BY_COMMAND.get(command);
  return `${command}${tool && tool.shell.usage ? ` ${tool.shell.usage}` : ''}`;
}

// `dehydra COMMAND --help`: its usage and what it does.
function commandHelp(command) {
  const tool = TOOL_BY_COMMAND.get(command);
  return `usage: dehydra ${commandUsage(command)} [--session NAME] [--timings]\n\n${tool.description}\n(the ` +
    `${tool.name} tool)`;
}

// The session commands of the CLI's help, by area, wrapped at `width` columns.
export function commandsHelp(width = 100) {
  const lines = [];
  for (const area of AREAS) {
    let line = '';
    for (const t of area.tools.filter((tool) => tool.shell)) {
      const usage = commandUsage(t.shell.command);
      if (line && 2 + line.length + 3 + usage.length > width) { lines.push(`  ${line}`); line = ''; }
      line = line ? `${line}   ${usage}` : usage;
    }
    if (line) lines.push(`  ${line}`);
  }
  return lines.join('\n');
}

// The command nearest to a mistyped word (at most two edits away), for the refusal.
function nearest(word) {
  const distance = (a, b) => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0];
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const next = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = row[j];
        row[j] = next;
      }
    }
    return row[b.length];
  };
  const names = ['mcp', ...TOOL_BY_COMMAND.keys(), ...Object.keys(SESSION_COMMANDS)];
  const best = names.map((n) => [distance(word, n), n]).sort((x, y) => x[0] - y[0])[0];
  return best[0] <= 2 ? best[1] : null;
}

// A tool command's words (after the command) as {tool, args, values}: `values` holds the options
// the shell itself reads (--out, --session, --timings, and the `extra` options it takes). A bad word
// is a UsageError; words that fit no form of the command (the shell form's args answers null) are
// answered with its usage.
export function parseCommand(command, words, extra = {}) {
  const tool = TOOL_BY_COMMAND.get(command);
  if (!tool) {
    const guess = nearest(command);
    const meant = guess ? ` (did you mean ${guess}?)` : '';
    throw new UsageError(`unknown command ${command}${meant}; dehydra --help lists the commands ` +
      '(a page is given by its URL)');
  }
  const form = tool.shell;
  const { values, positionals } = parseWords(words, { ...extra, ...SESSION_OPTIONS, ...form.options },
    `dehydra ${command}`);
  if (values.help) return { help: commandHelp(command), values };
  const usage = new UsageError(`usage: dehydra ${commandUsage(command)}`);
  if (positionals.length < form.least || positionals.length > form.most) throw usage;
  const args = form.args(positionals, values);
  if (!args) throw usage;
  return { tool: tool.name, args, values };
}
