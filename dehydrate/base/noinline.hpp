// Pipeline stages, and the per-node helpers of the hottest ones, stay functions of their own in the
// wasm build. Inlined together (LTO inlines every function with one caller) they made one 27 KiB
// function that the engine's optimizing tier compiles as a whole, on the page's few cores, during
// an agent's first calls; that compilation competes with the calls themselves. Smaller functions
// compile sooner, and only the hot ones are compiled at all.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define DEHYDRA_STAGE __attribute__((noinline))
#else
#define DEHYDRA_STAGE
#endif
