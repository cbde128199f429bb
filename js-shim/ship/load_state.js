// Facts about how this copy of dehydra was loaded, shared between the entry and the core loader.
// `duplicate`: a classic-script bundle evaluated where a dehydra instance already exists. Its own
// API is discarded (the existing instance stays, or adopts its core), so it starts no core.
export const loadState = { duplicate: false };
