// Shared plumbing for the webtree browser tests: a page from HTML served over loopback with
// dehydra injected, and a helper that runs a function in it with `t` = a fresh web tree.
import { newPage, inject } from './harness.mjs';

export async function openWebTreePage(browser, server, path, options = {}) {
  const page = await newPage(browser, options);
  await page.goto(server.origin + path, { waitUntil: 'load' });
  await inject(page);
  return page;
}

// Evaluates `fn(t, arg)` in the page; errors come back as {error, isError}.
export async function inPage(page, fn, arg) {
  return page.evaluate(async ([source, a]) => {
    const t = globalThis.dehydra.createWebTree();
    globalThis.__wt = t;
    globalThis.__catch = (f) => {
      try { f(); return null; } catch (e) { return { error: e && e.message, isError: e instanceof Error }; }
    };
    const f = (0, eval)('(' + source + ')');
    return f(t, a);
  }, [fn.toString(), arg]);
}

export const PAGE = `<!doctype html><html><head><title>webtree</title></head><body>
<section id="外"><div id="容器"><p><a class="引用" href="/x">一</a></p><a class="引用" href="/x">二</a><a class="引用" href="/x">三</a></div></section>
<div id="box"></div><div id="box2"></div><script id="s">window.__pageScript = 1</script><style id="st">p{}</style>
<template id="资料"><a data-qualified="甲.乙" href="/a">甲</a></template>
<iframe id="网站画面" sandbox data-yy-frame-origins="https://good.example"></iframe>
<iframe id="无沙箱"></iframe>
<p id="源"><code id="代码">ab<b class="k">cd</b></code></p>
<p id="导出" class="源 宽" data-a="b" hidden onclick="x()" style="color:red" data-yy-x="1">首<code class="c0">ab<b class="k">cd</b></code>末<script></script><template><i>t</i></template></p>
</body></html>`;
