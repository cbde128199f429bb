// The scripted tasks of bench/mcp.mjs and the agent that runs them through any of the servers.
//
// The agent works as a careful but frugal model would: it keeps the answers it was given since it
// last read the whole page, finds each target there by its role and name (or by the text beside
// it: "the Delete button in Beta's row"), and reads the page again only when the target is not in
// what it has; when the target is still missing, it waits for the text it expects, then reads
// once more. An action refused (a stale reference) is retried once after a fresh read. A native
// dialog is answered when an answer says one is open. It never reads more than it needs, so the
// peers are charged no snapshot they could have done without.
// A task's success is read from the apps' server (what the pages sent it), never from the tools.
import { SERVERS, findIn, goneIn } from './mcp_servers.mjs';

export class Agent {
  constructor(session) {
    this.s = session;
    this.def = SERVERS[session.key];
    this.known = [];      // answers since the last whole read, oldest first
    this.sinceAction = [];
  }

  async run([tool, args]) {
    const r = await this.s.call(tool, args);
    if (this.def.full(tool, r.text) && !r.error) this.known = [r.text];
    else this.known.push(r.text);
    this.sinceAction.push(r.text);
    return r;
  }

  // Newest answer first; a reference a newer answer said is gone is not taken from an older one.
  find(target) {
    const gone = new Set();
    for (let i = this.known.length - 1; i >= 0; i--) {
      const ref = findIn(this.def.dialect, this.known[i], target, gone);
      if (ref !== null && ref !== undefined) return ref;
      for (const g of goneIn(this.def.dialect, this.known[i])) gone.add(g);
    }
    return null;
  }

  read() { return this.run(this.def.snapshot(this.s)); }

  async resolve(target) {
    let ref = this.find(target);
    if (ref !== null) return ref;
    await this.read();
    ref = this.find(target);
    if (ref !== null || !target.wait) return ref;
    const waited = await this.run(this.def.waitText(target.wait, this.s));
    if (!this.def.full(waited.tool, waited.text)) await this.read();
    ref = this.find(target);
    // A server whose default read leaves things out has a fuller one: the last resort.
    if (ref === null && this.def.deepRead) {
      await this.run(this.def.deepRead(this.s));
      ref = this.find(target);
    }
    return ref;
  }

  // One action on a target, retried once after a fresh read when the server refuses it.
  async act(step) {
    const what = step.what || String(step.target.name || step.target.near);
    for (let attempt = 0; attempt < 2; attempt++) {
      const ref = await this.resolve(step.target);
      if (ref === null) throw new Error(`not found: ${what}`);
      this.sinceAction = [];
      let calls;
      if (step.do === 'click') calls = [this.def.click(ref, what, this.s)];
      else if (step.do === 'type') calls = this.def.type(ref, step.text, !!step.submit, what, this.s);
      else if (step.do === 'select' || step.do === 'choose') calls = [this.def.select(ref, step.option, what, this.s)];
      let last;
      for (const c of calls) last = await this.run(c);
      if (!last.error) {
        if (this.def.dialogWaiting(last.text)) await this.run(this.def.acceptDialog(this.s));
        return;
      }
      if (attempt === 0) await this.read();
    }
    throw new Error(`refused: ${what}`);
  }

  // Whether the agent got to see `text`: in what the last action answered, else in a fresh read,
  // else after waiting for `wait`.
  async expect(step) {
    if (this.sinceAction.some((t) => step.text.test(t))) return true;
    if (step.text.test((await this.read()).text)) return true;
    const waited = await this.run(this.def.waitText(step.wait, this.s));
    if (this.def.full(waited.tool, waited.text) && step.text.test(waited.text)) return true;
    return step.text.test((await this.read()).text);
  }

  async scrollUntil(step) {
    for (let i = 0; i < step.max; i++) {
      if (this.find(step.target) !== null) return;
      this.sinceAction = [];
      const r = await this.run(this.def.scroll(this.s));
      // An answer that carries no page content: the agent reads the page to see what loaded.
      if (this.find(step.target) === null && (r.error || !this.def.actionsAnswerState)) await this.read();
    }
    if (this.find(step.target) === null) throw new Error(`not found after ${step.max} scrolls: ${step.target.near || step.target.name}`);
  }

  async perform(task, origin) {
    const seen = [];
    this.known = [];
    this.sinceAction = [];
    await this.run(this.def.navigate(origin + task.start, this.s));
    for (const step of task.steps) {
      if (step.do === 'expect') seen.push(await this.expect(step));
      else if (step.do === 'scrollUntil') await this.scrollUntil(step);
      else if (step.do === 'choose' && !this.def.choosesCustom) {
        // A custom select, as a user works it: open it, then click the option.
        await this.act({ ...step, do: 'click' });
        await this.act({ do: 'click', target: step.optionTarget, what: step.option });
      } else await this.act(step);
    }
    return { seen: seen.every(Boolean) };
  }
}

const eq = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export const TASKS = [
  {
    name: 'store',
    about: 'search, custom ARIA select, add to cart, checkout form, order confirmed after 300 ms',
    start: '/store',
    steps: [
      { do: 'type', target: { role: 'textbox', near: /Search products/ }, text: 'steel', submit: true, what: 'search box' },
      { do: 'choose', target: { role: 'combobox', name: /Size/, near: /Steel water bottle/, wait: 'Steel water bottle' }, what: 'size of the steel bottle',
        option: 'Large', optionTarget: { role: 'option', name: /^Large$/, wait: 'Large' } },
      { do: 'click', target: { role: 'button', name: /Add to cart/, near: /Steel water bottle/ }, what: 'Add to cart' },
      { do: 'click', target: { role: 'link', name: /^Cart/ }, what: 'Cart' },
      { do: 'type', target: { role: 'textbox', near: /Full name/, wait: 'Full name' }, text: 'Ada Lovelace', what: 'Full name' },
      { do: 'type', target: { role: 'textbox', near: /Email/ }, text: 'ada@example.org', what: 'Email' },
      { do: 'type', target: { role: 'textbox', near: /Street address/ }, text: '12 Analytical Row', what: 'Street address' },
      { do: 'type', target: { role: 'textbox', near: /City/ }, text: 'London', what: 'City' },
      { do: 'select', target: { role: 'combobox', near: /Shipping/ }, option: 'Express (next day)', what: 'Shipping' },
      { do: 'click', target: { role: 'checkbox', near: /I accept the terms/ }, what: 'terms' },
      { do: 'click', target: { role: 'button', name: /Place order/ }, what: 'Place order' },
      { do: 'expect', text: /Order #\d+ confirmed/, wait: 'confirmed' },
    ],
    check(s) {
      const o = s.orders[0];
      if (s.orders.length !== 1) return `${s.orders.length} orders recorded`;
      if (!eq(o.items, [{ sku: 'steel-bottle', size: 'Large' }])) return `items ${JSON.stringify(o.items)}`;
      const want = { name: 'Ada Lovelace', email: 'ada@example.org', address: '12 Analytical Row', city: 'London', shipping: 'express', terms: true };
      for (const [k, v] of Object.entries(want)) if (o[k] !== v) return `${k} = ${JSON.stringify(o[k])}`;
      return null;
    },
  },
  {
    name: 'settings',
    about: 'sign in (form POST, redirect), checkbox, switch, radio, native select, textarea, save after 300 ms',
    start: '/settings',
    steps: [
      { do: 'type', target: { role: 'textbox', near: /Username/, wait: 'Username' }, text: 'ada', what: 'Username' },
      { do: 'type', target: { role: 'textbox', near: /Password/ }, text: 'lovelace', submit: true, what: 'Password' },
      { do: 'click', target: { role: 'checkbox', near: /Email notifications/, wait: 'Email notifications' }, what: 'Email notifications' },
      { do: 'click', target: { role: 'switch', near: /Two-factor/ }, what: 'Two-factor switch' },
      { do: 'click', target: { role: 'radio', name: /Dark/ }, what: 'Dark theme' },
      { do: 'select', target: { role: 'combobox', near: /Language/ }, option: 'Deutsch', what: 'Language' },
      { do: 'type', target: { role: 'textbox', near: /Bio/ }, text: 'Bench pilot since 2026.', what: 'Bio' },
      { do: 'click', target: { role: 'button', name: /Save settings/ }, what: 'Save settings' },
      { do: 'expect', text: /Settings saved/, wait: 'Settings saved' },
    ],
    check(s) {
      if (s.settings.length !== 1) return `${s.settings.length} saves recorded`;
      const want = { email: false, sms: false, twoFactor: true, theme: 'dark', language: 'de', bio: 'Bench pilot since 2026.' };
      return eq(s.settings[0], want) ? null : `saved ${JSON.stringify(s.settings[0])}`;
    },
  },
  {
    name: 'dialogs',
    about: 'native confirm() before a delete, a modal <dialog> to rename, answer after 300 ms',
    start: '/projects',
    steps: [
      { do: 'click', target: { role: 'button', name: /^Delete$/, near: /\bBeta\b/, wait: 'Beta' }, what: 'Delete Beta' },
      { do: 'click', target: { role: 'button', name: /^Rename$/, near: /\bGamma\b/, wait: 'Gamma' }, what: 'Rename Gamma' },
      { do: 'type', target: { role: 'textbox', near: /New name/, wait: 'New name' }, text: 'Gamma Prime', what: 'New name' },
      { do: 'click', target: { role: 'button', name: /^Save$/, near: /New name/ }, what: 'Save' },
      { do: 'expect', text: /renamed to Gamma Prime/, wait: 'renamed to Gamma Prime' },
    ],
    check(s) {
      if (!eq(s.deleted, ['beta'])) return `deleted ${JSON.stringify(s.deleted)}`;
      if (!eq(s.renamed, [{ id: 'gamma', name: 'Gamma Prime' }])) return `renamed ${JSON.stringify(s.renamed)}`;
      return null;
    },
  },
  {
    name: 'feed',
    about: 'a feed that loads 10 more posts when scrolled to its end; like post 27',
    start: '/feed',
    steps: [
      { do: 'scrollUntil', target: { role: 'button', name: /^Like$/, near: /Post 27:/ }, max: 15 },
      { do: 'click', target: { role: 'button', name: /^Like$/, near: /Post 27:/ }, what: 'Like on post 27' },
    ],
    check(s) { return eq(s.likes, [27]) ? null : `likes ${JSON.stringify(s.likes)}`; },
  },
];
