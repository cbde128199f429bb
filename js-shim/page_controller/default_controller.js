// One module-wide PageController with the default config, created on first use: the indices that
// accessibilityTree(), geometry() and the actions print and accept.
import { PageController } from './page_controller.js';

let controller = null;

export function getDefaultController() {
  if (controller === null) controller = new PageController();
  return controller;
}
