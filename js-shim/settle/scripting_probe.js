// Whether the page's scripting is disabled (e.g. Playwright's javaScriptEnabled: false). Then no
// page timer, observer callback or event runs — a wait could never end — and nothing but loading
// can change the DOM. The HTML parser reveals it: inside <noscript>, markup parses as elements only
// when scripting is disabled. The probe element is never attached.
export function scriptingDisabled(doc) {
  try {
    const probe = doc.createElement('noscript');
    probe.innerHTML = '<i></i>';
    return probe.firstChild !== null && probe.firstChild.nodeType === 1;
  } catch (e) {
    return false; // Trusted Types refuse the string: scripting is certainly on
  }
}
