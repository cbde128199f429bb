// Forms as WebMCP tools: schemas come from the core (Chromium's declarative mapping), fillForm
// validates in the core and then acts like a user, registerFormTools hands the tools to the
// page's model context (document.modelContext / navigator.modelContext) when it has one.
import { getSession, unwrap } from '../core_module.js';
import { checkOptions, checkDocument, isOptionsObject, describeValue } from '../validate.js';
import { takeSnapshot, refs } from '../snapshot/take_snapshot.js';
import { PROFILE } from '../snapshot/walk.js';
import { jsonParse, jsonStringify, SafeError, SafePromise, reflectApply, join, contains,
  ownKeys } from '../safe_builtins.js';
import { setValue, setChecked, setSelected, focusElement } from './native_controls.js';

const g = globalThis;
const SafeRegExp = g.RegExp;
const regexExec = g.RegExp.prototype.exec;
const requestSubmit = g.HTMLFormElement && g.HTMLFormElement.prototype.requestSubmit;
const querySelector = g.Element.prototype.querySelector;

// Form tools follow the DOM, not the rendering (as Chromium's WebMCP mapping does): no style reads.
const STRUCTURE_ONLY = { profile: PROFILE.STRUCTURE, part: 'extras' };

function fail(fn, message) { return new SafeError('dehydra.' + fn + ': ' + message); }

// Tools with their internal fields (form ordinal, declarative, autosubmit) for the current snapshot.
function coreTools(doc) {
  takeSnapshot(doc || g.document, STRUCTURE_ONLY);
  return jsonParse(unwrap(getSession('extras').formTools(), 'dehydra.formTools: ')).tools;
}

// HTML's pattern rule: the whole value must match, with the `v` flag. null when the page's engine
// cannot compile the pattern. (The one check the core cannot make: it has no JS regular expressions.)
function patternRegExp(pattern) {
  try { return new SafeRegExp('^(?:' + pattern + ')$', 'v'); } catch (e) { return null; }
}

// Patterns that do not compile are dropped from the schema, as Chromium drops them.
function dropBadPatterns(schema) {
  const props = schema.properties;
  const names = ownKeys(props);
  for (let i = 0; i < names.length; i++) {
    const p = props[names[i]];
    if (typeof p.pattern === 'string' && patternRegExp(p.pattern) === null) delete p.pattern;
  }
  return schema;
}

// "'name' must match the pattern P" for each non-empty string of `input` its pattern rejects.
function patternProblems(schema, input) {
  const problems = [];
  const props = schema.properties || {};
  const names = ownKeys(props);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const p = props[name];
    const v = input[name];
    if (typeof p.pattern !== 'string' || typeof v !== 'string' || v === '') continue;
    const re = patternRegExp(p.pattern);
    if (re !== null && reflectApply(regexExec, re, [v]) === null)
      problems.push('\'' + name + '\' must match the pattern ' + p.pattern);
  }
  return problems;
}

function publicTool(t) {
  const tool = { name: t.name, description: t.description, inputSchema: dropBadPatterns(t.inputSchema) };
  if (t.title) tool.title = t.title;
  return tool;
}

// [{name, title?, description, inputSchema}] for every form of the page.
export function formTools(options) {
  options = checkOptions('formTools', options);
  const tools = coreTools(checkDocument('formTools', options.document));
  const out = [];
  for (let i = 0; i < tools.length; i++) out.push(publicTool(tools[i]));
  return out;
}

function submitButtonOf(form) {
  try { return reflectApply(querySelector, form,
    ['button:not([type]), button[type=submit], input[type=submit], input[type=image]']); } catch (e) { return null; }
}

// Fills one form. `tool`: a tool object from formTools() or its name; `input`: its arguments.
// {submit: true} submits through the form's normal path (validation, submit event); so does a form
// with toolautosubmit. Resolves to {tool, changed: [names], submitted, form}. On invalid input it
// throws one error naming every problem, and changes nothing.
export function fillForm(tool, input, options) {
  options = checkOptions('fillForm', options, 'options (the third argument)');
  const doc = checkDocument('fillForm', options.document);
  const name = typeof tool === 'string' ? tool : isOptionsObject(tool) && typeof tool.name === 'string'
    ? tool.name : null;
  if (name === null) throw fail('fillForm', 'the first argument must be a tool from formTools() or its name');
  if (!isOptionsObject(input))
    throw fail('fillForm', 'the input must be an object of the tool\'s parameters (got ' + describeValue(input) + ')');
  let text;
  try { text = jsonStringify(input); } catch (e) { throw fail('fillForm', 'the input is not JSON-serialisable'); }
  takeSnapshot(doc, STRUCTURE_ONLY);
  const tools = jsonParse(unwrap(getSession('extras').formTools(), 'dehydra.fillForm: ')).tools;
  let autosubmit = false;
  let mismatched = [];
  for (let i = 0; i < tools.length; i++) {
    if (tools[i].name !== name) continue;
    autosubmit = tools[i].autosubmit;
    mismatched = patternProblems(tools[i].inputSchema, input);
  }
  const submit = options.submit === true || (options.submit !== false && autosubmit);
  // The core's problems and the pattern mismatches it cannot judge make one message.
  let refusal = '';
  let plan = null;
  try { plan = jsonParse(unwrap(getSession('extras').planFill(name, text, submit),
    '')); } catch (e) { refusal = e.message; }
  if (refusal !== '' || mismatched.length) {
    const more = join(mismatched, '; ');
    if (refusal === '') throw fail('fillForm', 'invalid input for \'' + name + '\': ' + more);
    throw fail('fillForm', refusal + (more && contains(refusal, 'invalid input for') ? '; ' + more : ''));
  }
  // Resolve every element before touching any, so a vanished control changes nothing.
  const targets = [];
  for (let i = 0; i < plan.ops.length; i++) {
    const el = refs.element(plan.ops[i].ordinal);
    if (el === null) throw fail('fillForm', 'the control for \'' + plan.ops[i].name + '\' is gone');
    targets.push(el);
  }
  const form = refs.element(plan.form);
  const changed = [];
  for (let i = 0; i < plan.ops.length; i++) {
    const op = plan.ops[i];
    const el = targets[i];
    let did = false;
    if (op.op === 'value') did = setValue(el, op.value);
    else if (op.op === 'checked') did = setChecked(el, op.value);
    else if (op.op === 'selected') did = setSelected(el, op.value);
    if (did) {
      let seen = false;
      for (let k = 0; k < changed.length; k++) if (changed[k] === op.name) seen = true;
      if (!seen) changed.push(op.name);
    }
  }
  let submitted = false;
  if (form !== null) {
    if (submit && typeof requestSubmit === 'function') {
      reflectApply(requestSubmit, form, []);
      submitted = true;
    } else {
      const button = submitButtonOf(form);
      if (button) focusElement(button);
    }
  }
  return { tool: name, changed, submitted };
}

// Registers every form tool with the page's model context. Tools Chromium already exposes by
// itself (declarative forms) are not registered twice. Aborting `signal` unregisters them.
// Returns {registered: [names], skipped: [{name, reason}], available: bool}.
export function registerFormTools(options) {
  options = checkOptions('registerFormTools', options);
  const mc = (g.document && g.document.modelContext) || (g.navigator && g.navigator.modelContext) || null;
  const signal = options.signal;
  if (signal !== undefined && (signal === null || typeof signal.aborted !== 'boolean'))
    throw fail('registerFormTools', 'signal must be an AbortSignal');
  const result = { registered: [], skipped: [], available: mc !== null && typeof mc.registerTool === 'function' };
  if (!result.available) return result;
  if (signal && signal.aborted) return result;
  const tools = coreTools(options.document);
  const controllers = [];
  for (let i = 0; i < tools.length; i++) {
    const t = tools[i];
    if (t.declarative) {
      result.skipped.push({ name: t.name, reason: 'declarative form: the browser exposes it' });
      continue;
    }
    const tool = publicTool(t);
    const name = t.name;
    tool.execute = (input) => SafePromise.resolve().then(() => {
      const r = fillForm(name, input || {}, {});
      return r.submitted ? 'Filled and submitted ' + name : 'Filled ' + name +
        (r.changed.length ? ' (' + r.changed.length + ' fields changed)' : '') + '; the user submits it';
    });
    const controller = typeof g.AbortController === 'function' ? new g.AbortController() : null;
    try {
      mc.registerTool(tool, controller ? { signal: controller.signal } : undefined);
      result.registered.push(name);
      controllers.push({ name, controller });
    } catch (e) {
      result.skipped.push({ name, reason: String(e && e.message ? e.message : e) });
    }
  }
  if (signal) {
    signal.addEventListener('abort', () => {
      for (let i = 0; i < controllers.length; i++) {
        if (controllers[i].controller) controllers[i].controller.abort();
        if (typeof mc.unregisterTool === 'function') {
          try { mc.unregisterTool(controllers[i].name); } catch (e) { /* already gone */ }
        }
      }
    }, { once: true });
  }
  return result;
}
