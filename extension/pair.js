// The pairing page: sends the port and token the user enters (or that ?port=&token= carries, as a
// command line or the tests open it) to the service worker's bridge (bridge.js), and shows whether
// the browser is paired.
const status = document.getElementById('status');

// The service worker may still be starting when the browser opens this page with it: asked again.
async function ask(message) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await chrome.runtime.sendMessage({ to: 'dehydra-bridge', ...message });
    } catch (e) {
      if (attempt >= 20) throw e;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function show(text, state) {
  status.textContent = text;
  status.dataset.state = state;
}

async function refresh() {
  const r = await ask({ type: 'status' });
  show(r.status === 'paired' ? `Paired with dehydra on 127.0.0.1:${r.port}.` : `Not paired (${r.status}).`, r.status);
}

async function pair(port, token) {
  show('pairing…', 'pairing');
  const r = await ask({ type: 'pair', port, token });
  if (r.error) show(`Not paired: ${r.error}.`, 'refused');
  else await refresh();
}

document.getElementById('pair').addEventListener('submit', (e) => {
  e.preventDefault();
  pair(document.getElementById('port').value, document.getElementById('token').value);
});
document.getElementById('unpair').addEventListener('click', async () => {
  await ask({ type: 'unpair' });
  await refresh();
});

const given = new URLSearchParams(location.search);
if (given.get('port')) document.getElementById('port').value = given.get('port');
if (given.get('token')) pair(document.getElementById('port').value, given.get('token'));
else refresh();
