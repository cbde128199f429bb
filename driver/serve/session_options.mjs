// What a shell session takes of its own, apart from the tools' commands: its commands (close,
// sessions) and the options every command takes. Light on purpose: the shell command's client
// reads these without loading the tools, which the session process holds.
export const SESSION_COMMANDS = { close: 'close the session and its browser', sessions: 'list the running sessions' };
export const SESSION_OPTIONS = { session: { type: 'string' }, timings: { type: 'boolean' } };
