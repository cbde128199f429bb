// The real agent loop: PageAgentCore from @page-agent/core (node_modules, bundled for the page) with
// our PageController and a scripted, deterministic LLM behind `customFetch` that answers in OpenAI
// chat-completions format. The "LLM" reads only the dehydrated state the agent sends it, finds the
// indices it needs there, and completes a multi-step task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, inject, root } from './helpers/harness.mjs';

let server, browser, agentSource;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const out = await build({
    stdin: { contents: "export { PageAgentCore } from '@page-agent/core';", resolveDir: root, loader: 'js' },
    bundle: true, format: 'iife', globalName: 'PageAgentCoreBundle', write: false, platform: 'browser', logLevel: 'silent',
  });
  agentSource = out.outputFiles[0].text;
});
after(async () => { await browser?.close(); await server?.close(); });

// Runs in the page: the scripted model and the agent.
async function runAgent() {
  const steps = [];
  const textOf = (m) => (typeof m.content === 'string' ? m.content : (m.content || []).map((p) => p.text || '').join('\n'));
  const indexOf = (state, pattern) => {
    for (const line of state.split('\n')) {
      const m = /^\s*\*?\[(\d+)\]/.exec(line);
      if (m && pattern.test(line)) return Number(m[1]);
    }
    return -1;
  };
  // The script: one action per step, chosen from what the state shows.
  const decide = (state) => {
    if (/Thanks Ana, you will get trail news\./.test(state)) return { done: { text: 'Subscribed Ana to trail running', success: true } };
    const done = (k) => steps.some((s) => s.kind === k);
    if (!done('type')) return { input_text: { index: indexOf(state, /<input[^\n]*placeholder=Full name/), text: 'Ana' }, kind: 'type' };
    if (!done('select')) return { select_dropdown_option: { index: indexOf(state, /<select[^\n]*name=topic/), text: 'Trail running' }, kind: 'select' };
    if (!done('check')) return { click_element_by_index: { index: indexOf(state, /<input type=checkbox/) }, kind: 'check' };
    return { click_element_by_index: { index: indexOf(state, /<button[^\n]*>Subscribe/) }, kind: 'submit' };
  };
  const customFetch = async (url, init) => {
    const body = JSON.parse(init.body);
    const user = body.messages.filter((m) => m.role === 'user').map(textOf).join('\n');
    const choice = decide(user);
    const kind = choice.kind || 'done';
    delete choice.kind;
    steps.push({ kind, action: choice });
    const args = { evaluation_previous_goal: 'ok', memory: `steps: ${steps.length}`, next_goal: kind, action: choice };
    const payload = {
      id: `chatcmpl-${steps.length}`, object: 'chat.completion', created: 0, model: body.model,
      choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null,
        tool_calls: [{ id: `call_${steps.length}`, type: 'function', function: { name: 'AgentOutput', arguments: JSON.stringify(args) } }] } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    };
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const controller = new dehydra.PageController();
  const agent = new PageAgentCoreBundle.PageAgentCore({
    pageController: controller, baseURL: 'http://127.0.0.1:9/v1', model: 'scripted', apiKey: 'none',
    customFetch, stepDelay: 0, maxSteps: 10, language: 'en-US',
  });
  const result = await agent.execute('Subscribe Ana to the trail running newsletter.');
  return {
    success: result.success, data: result.data, steps: steps.map((s) => s.kind),
    out: document.getElementById('out').textContent,
    values: [document.getElementById('name').value, document.getElementById('topic').value, document.getElementById('terms').checked],
    outputs: agent.history.filter((h) => h.type === 'step').map((h) => h.action.output),
  };
}

test('PageAgentCore completes a multi-step task through our PageController', async () => {
  const page = await newPage(browser);
  try {
    await page.goto(`${server.origin}/tests/fixtures/dehydrate/dehydrate_agent.html`);
    await inject(page);
    await page.evaluate(agentSource);
    const r = await page.evaluate(runAgent);
    assert.deepEqual(r.steps, ['type', 'select', 'check', 'submit', 'done'], JSON.stringify(r.outputs));
    assert.deepEqual(r.values, ['Ana', 'trail', true]);
    assert.equal(r.out, 'Thanks Ana, you will get trail news.');
    assert.equal(r.success, true);
    assert.equal(r.data, 'Subscribed Ana to trail running');
    for (const o of r.outputs.slice(0, 4)) assert.match(o, /^✅/);
  } finally { await page.closeAll(); }
});
