// The classic-script entries import this first, so it runs before the core loader decides
// anything (ES module consumers never load it: their instance is always their own).
import { loadState, INSTANCE_KEY } from './load_state.js';

loadState.duplicate = !!globalThis[INSTANCE_KEY];
