// Builds the two bookmarklet links of bookmarklet.html from the bundle next to this page.
(async function () {
  const MAX_URL = 2 * 1024 * 1024; // Chromium's URL length limit
  const bundleUrl = new URL('../dist/dehydra.bookmarklet.js', location.href).href;
  document.getElementById('bundle-url').textContent = bundleUrl;
  const kib = (n) => (n / 1024).toFixed(1) + ' KiB';

  // A second click refreshes the open panel instead of loading the bundle again.
  const loader = `(function(){var d=window.dehydra;if(d&&d.panel&&d.panel.isOpen()){d.panel.refresh();return}` +
    `var s=document.createElement('script');s.src=${JSON.stringify(bundleUrl)}+'?t='+Date.now();` +
    `s.onload=s.onerror=function(){s.remove()};document.documentElement.appendChild(s)})()`;
  const loaderLink = document.getElementById('loader');
  loaderLink.href = 'javascript:' + encodeURIComponent(loader);
  loaderLink.removeAttribute('aria-disabled');
  document.getElementById('loader-size').textContent = kib(loaderLink.href.length);

  const standaloneLink = document.getElementById('standalone');
  const size = document.getElementById('standalone-size');
  try {
    const response = await fetch(bundleUrl);
    if (!response.ok) throw new Error(`${bundleUrl}: ${response.status} (run npm run build)`);
    const href = 'javascript:' + encodeURIComponent(await response.text() + ';void 0');
    if (href.length > MAX_URL) {
      size.textContent = `${kib(href.length)}: too long for a bookmark, use the loader`;
      return;
    }
    standaloneLink.href = href;
    standaloneLink.removeAttribute('aria-disabled');
    size.textContent = kib(href.length);
  } catch (e) {
    size.textContent = e.message;
  }
})();
