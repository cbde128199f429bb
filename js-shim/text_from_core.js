// Text the core returns as a view of its UTF-8 bytes (bindings/envelope.hpp), decoded at once:
// the view is only valid until the core's next call.
import { SafeTextDecoder } from './safe_builtins.js';

const decoder = new SafeTextDecoder('utf-8');

export function coreText(view) { return decoder.decode(view); }
