// `--extension`: the user's own browser, through dehydra's extension. The bridge listens from the
// start, so the user can pair before the first call; a Browsing opens the browser through it.
import { BridgeServer, DEFAULT_BRIDGE_PORT } from './bridge_server.mjs';
import { openExtension } from './extension_context.mjs';
import { ToolError } from '../tool_error.mjs';

// Resolves {open, close, bridge}; `say` gets the line that tells the user how to pair.
export async function userBrowser(options, say) {
  const port = options.extensionPort ?? DEFAULT_BRIDGE_PORT;
  let bridge;
  try {
    bridge = await new BridgeServer(port).listen();
  } catch (e) {
    if (e.code !== 'EADDRINUSE') throw e;
    throw new ToolError(`port ${port} of 127.0.0.1 is taken (another dehydra --extension?): choose one with ` +
      '--extension-port');
  }
  say(`dehydra: the extension bridge listens on 127.0.0.1:${bridge.port}. ${bridge.pairingLine()}`);
  return { bridge, open: () => openExtension(bridge), close: () => bridge.close() };
}
