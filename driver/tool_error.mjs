// An error the caller caused or can act on (bad arguments, a stale index, an open dialog): its
// message is the whole answer. Anything else is a fault of the driver or the browser.
export class ToolError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ToolError';
  }
}
