// The demo store's behaviour: product list, search, an ARIA combobox/listbox for sorting, a
// sign-in modal, cart count. Plain DOM, no framework, no HTML strings.
const PRODUCTS = [
  { name: 'Day pack 20 L', category: 'packs', price: 59, rating: 4.6, stock: true, blurb: '640 g, rain cover included.' },
  { name: 'Trek pack 45 L', category: 'packs', price: 139, rating: 4.4, stock: false, blurb: 'Adjustable back, hip belt pockets.' },
  { name: 'Rain shell', category: 'clothing', price: 119, rating: 4.2, stock: true, blurb: 'Taped seams, pit zips.' },
  { name: 'Fleece midlayer', category: 'clothing', price: 49, rating: 4.7, stock: true, blurb: 'Warm, quick drying.' },
  { name: 'Headlamp 400', category: 'lights', price: 35, rating: 4.5, stock: true, blurb: '400 lumen, red mode.' },
  { name: 'Camp lantern', category: 'lights', price: 29, rating: 3.9, stock: false, blurb: 'USB-C, 3 brightness levels.' },
];

const state = { query: '', category: '', inStock: false, sort: 'featured', cart: 0 };
const $ = (id) => document.getElementById(id);

function card(p) {
  const li = document.createElement('li');
  li.className = 'card';
  const h = document.createElement('h3');
  h.textContent = p.name;
  const blurb = document.createElement('p');
  blurb.textContent = p.blurb;
  const price = document.createElement('p');
  price.className = 'price';
  price.textContent = `€${p.price} · ★ ${p.rating}${p.stock ? '' : ' · out of stock'}`;
  const add = document.createElement('button');
  add.type = 'button';
  add.textContent = 'Add to cart';
  add.disabled = !p.stock;
  add.setAttribute('aria-label', `Add ${p.name} to cart`);
  add.addEventListener('click', () => {
    state.cart += 1;
    $('cart-count').textContent = String(state.cart);
    $('cart-button').setAttribute('aria-label', `Cart, ${state.cart} items`);
  });
  li.append(h, blurb, price, add);
  return li;
}

function render() {
  const q = state.query.trim().toLowerCase();
  let list = PRODUCTS.filter((p) => (!q || p.name.toLowerCase().includes(q) || p.blurb.toLowerCase().includes(q)) &&
    (!state.category || p.category === state.category) && (!state.inStock || p.stock));
  if (state.sort === 'price-asc') list = list.slice().sort((a, b) => a.price - b.price);
  if (state.sort === 'price-desc') list = list.slice().sort((a, b) => b.price - a.price);
  if (state.sort === 'rating') list = list.slice().sort((a, b) => b.rating - a.rating);
  $('products').replaceChildren(...list.map(card));
  $('result-count').textContent = `${list.length} of ${PRODUCTS.length} products`;
}

$('search').addEventListener('submit', (e) => {
  e.preventDefault();
  state.query = $('q').value;
  state.category = $('category').value;
  state.inStock = $('in-stock').checked;
  render();
});

// Sort: a select-only combobox (WAI-ARIA APG pattern): the button shows the value, the listbox
// opens on click, ArrowDown/Up, Enter or Space; options are chosen by click or Enter; Escape closes.
const combo = $('sort');
const listbox = $('sort-options');
const options = Array.from(listbox.querySelectorAll('[role=option]'));
let active = 0;

function setActive(i) {
  active = Math.max(0, Math.min(options.length - 1, i));
  options.forEach((o, j) => o.classList.toggle('active', j === active));
  combo.setAttribute('aria-activedescendant', options[active].id);
}
function openList() {
  listbox.hidden = false;
  combo.setAttribute('aria-expanded', 'true');
  setActive(options.findIndex((o) => o.getAttribute('aria-selected') === 'true'));
}
function closeList() {
  listbox.hidden = true;
  combo.setAttribute('aria-expanded', 'false');
  combo.removeAttribute('aria-activedescendant');
}
function choose(i) {
  options.forEach((o, j) => o.setAttribute('aria-selected', String(j === i)));
  combo.textContent = options[i].textContent;
  state.sort = options[i].dataset.value;
  closeList();
  combo.focus();
  render();
}
combo.addEventListener('click', () => (listbox.hidden ? openList() : closeList()));
combo.addEventListener('keydown', (e) => {
  const open = !listbox.hidden;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (!open) openList(); else setActive(active + (e.key === 'ArrowDown' ? 1 : -1));
  } else if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    if (open) choose(active); else openList();
  } else if (e.key === 'Escape' && open) {
    e.preventDefault();
    closeList();
  } else if (e.key === 'Home' && open) { e.preventDefault(); setActive(0); }
  else if (e.key === 'End' && open) { e.preventDefault(); setActive(options.length - 1); }
});
options.forEach((o, i) => {
  o.addEventListener('mousedown', (e) => e.preventDefault()); // keep focus on the combobox
  o.addEventListener('click', () => choose(i));
});
document.addEventListener('click', (e) => {
  if (!listbox.hidden && !e.target.closest('.combo')) closeList();
});

// Sign-in modal.
const dialog = $('sign-in-dialog');
$('sign-in').addEventListener('click', () => dialog.showModal());
$('sign-in-cancel').addEventListener('click', () => dialog.close('cancel'));

render();
