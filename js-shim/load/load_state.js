// Facts about how this copy of dehydra was loaded, shared between the entry and the core loader.
// `duplicate`: a classic-script bundle evaluated where a dehydra instance already exists. Its own
// API is discarded (the existing instance stays, or adopts its core), so it starts no core.
export const loadState = { duplicate: false };

// Where the classic-script bundles register their instance. Not `window.dehydra`, which a page may
// own (its own global, or an element with id="dehydra"): the name is only published when free.
export const INSTANCE_KEY = Symbol.for('dehydra');
