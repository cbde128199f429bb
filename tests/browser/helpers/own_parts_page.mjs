// Runs in a page of tests/fixtures/act/act_controls.html with dehydra injected, in any engine: each
// control drawn over its own input is clicked by its dehydrated index, on and off, and its state
// read back; the hinted field's click is refused. Self-contained: it is serialised into the page.
export async function clickOwnParts() {
  await globalThis.dehydra.ready;
  const controller = new globalThis.dehydra.PageController();
  const content = (await controller.getBrowserState()).content;
  const indexOf = (text) => {
    const line = content.split('\n').find((l) => l.includes(text));
    return line ? Number(/\[(\d+)\]/.exec(line)[1]) : -1;
  };
  const state = () => JSON.parse(document.getElementById('state').textContent);
  const out = {};
  for (const [text, key] of [['Shoelace checkbox', 'slCheck'], ['Shoelace switch', 'slSwitch'], ['Material checkbox', 'mdCheck'],
    ['Material switch', 'mdSwitch'], ['Label over its box', 'plainCheck'], ['Hidden switch', 'hiddenCheck']]) {
    const index = indexOf(text);
    const on = index < 0 ? { message: 'not listed' } : await controller.clickElement(index);
    const afterOn = state()[key];
    const off = index < 0 ? { message: 'not listed' } : await controller.clickElement(index);
    out[key] = { on: on.message, afterOn, off: off.message, afterOff: state()[key] };
  }
  out.hinted = (await controller.clickElement(indexOf('aria-label=Hinted'))).message;
  return out;
}

// Each control went on and off through its own part; the hint's cover was refused.
export function assertOwnPartsClicked(assert, r) {
  for (const key of ['slCheck', 'slSwitch', 'mdCheck', 'mdSwitch', 'plainCheck', 'hiddenCheck']) {
    const c = r[key];
    assert.match(c.on, /^✅ Clicked element .*checked false → true/, key + ': ' + c.on);
    assert.equal(c.afterOn, true, key);
    assert.match(c.off, /^✅ Clicked element /, key + ': ' + c.off);
    assert.equal(c.afterOff, false, key);
  }
  assert.match(r.hinted, /^❌ .*is covered by <div class=hint>Fill this in/);
}
