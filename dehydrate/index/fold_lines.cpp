#include "fold_lines.hpp"
#include "../base/noinline.hpp"

#include <algorithm>

namespace dehydra::index {
namespace {
struct Run {
  size_t first_block = 0;       // line of the run's first item
  std::vector<size_t> blocks;   // line where each item starts
  size_t end = 0;               // one past the run's last line
  uint32_t depth = 0;
  uint32_t keep = 0;            // 0: not folded
};

// One past the last line of the item starting at `k`: its nested lines and the bare text after it.
size_t block_end(const std::vector<Line>& lines, size_t k) {
  uint32_t d = lines[k].depth;
  size_t e = k + 1;
  while (e < lines.size() && (lines[e].depth > d || (lines[e].depth == d && lines[e].kind == LineKind::Text))) ++e;
  return e;
}
}  // namespace

uint32_t estimate_tokens(const Line& l) {
  // o200k averages ~4 bytes per token in Latin text and ~1 token per CJK character (3 bytes).
  return static_cast<uint32_t>((l.text.size() + 2) / 3 + l.depth / 2 + 1);
}

DEHYDRA_STAGE void fold_lines(std::vector<Line>& lines, uint32_t max_tokens) {
  if (max_tokens == 0 || lines.empty()) return;
  std::vector<uint32_t> tokens(lines.size());
  uint64_t total = 0;
  for (size_t k = 0; k < lines.size(); ++k) total += tokens[k] = estimate_tokens(lines[k]);
  if (total <= max_tokens) return;

  std::vector<Run> runs;
  for (size_t k = 0; k < lines.size(); ++k) {
    if (lines[k].kind != LineKind::Element) continue;
    // Only start a run at an item whose predecessor item is not similar.
    Run r;
    r.depth = lines[k].depth;
    size_t at = k;
    while (at < lines.size() && lines[at].kind == LineKind::Element && lines[at].depth == r.depth &&
           lines[at].shape == lines[k].shape) {
      r.blocks.push_back(at);
      at = block_end(lines, at);
    }
    r.first_block = k;
    r.end = at;
    if (r.blocks.size() >= 5) {
      runs.push_back(std::move(r));
      k = at - 1;  // nested runs inside are found by a later pass below
    }
  }
  // Nested runs: items inside the blocks of the runs found above.
  for (size_t n = 0; n < runs.size(); ++n) {
    for (size_t b = 0; b < runs[n].blocks.size(); ++b) {
      size_t start = runs[n].blocks[b] + 1;
      size_t stop = b + 1 < runs[n].blocks.size() ? runs[n].blocks[b + 1] : runs[n].end;
      for (size_t k = start; k < stop; ++k) {
        if (lines[k].kind != LineKind::Element) continue;
        Run r;
        r.depth = lines[k].depth;
        size_t at = k;
        while (at < stop && lines[at].kind == LineKind::Element && lines[at].depth == r.depth &&
               lines[at].shape == lines[k].shape) {
          r.blocks.push_back(at);
          at = block_end(lines, at);
        }
        r.first_block = k;
        r.end = at;
        if (r.blocks.size() >= 5) { runs.push_back(std::move(r)); k = at - 1; }
      }
    }
  }
  std::vector<uint8_t> removed(lines.size(), 0);
  auto savings = [&](const Run& r, uint32_t keep) {
    uint64_t saved = 0;
    for (size_t k = r.blocks[keep]; k < r.end; ++k)
      if (!removed[k]) saved += tokens[k];
    return saved;
  };
  auto fold = [&](Run& r, uint32_t keep) {
    for (size_t k = r.blocks[keep]; k < r.end; ++k) {
      if (removed[k]) continue;
      removed[k] = 1;
      total -= tokens[k];
    }
    total += 12;  // the note line
    r.keep = keep;
  };
  for (uint32_t keep : {3u, 1u}) {
    // The runs by what folding each saves, most first, the earlier of two equal first: sorted as
    // plain numbers (what is left of 2^32 after the savings, then the run), so the core has one
    // sort of integers rather than one per comparator.
    std::vector<uint64_t> order(runs.size());
    for (size_t k = 0; k < order.size(); ++k) {
      uint64_t saved = std::min<uint64_t>(savings(runs[k], keep), 0xFFFFFFFFu);
      order[k] = (0xFFFFFFFFu - saved) << 32 | k;
    }
    std::sort(order.begin(), order.end());
    for (uint64_t key : order) {
      if (total <= max_tokens) break;
      Run& r = runs[static_cast<uint32_t>(key)];
      if (removed[r.first_block] || (r.keep != 0 && r.keep <= keep)) continue;
      if (r.keep != 0) total -= 12;
      // Unfold-and-refold is never needed: keep only shrinks, so the lines stay removed.
      fold(r, keep);
    }
  }
  std::vector<Line> out;
  out.reserve(lines.size());
  std::vector<const Run*> note_at(lines.size(), nullptr);
  for (const Run& r : runs)
    if (r.keep != 0 && !removed[r.first_block]) note_at[r.blocks[r.keep]] = &r;
  for (size_t k = 0; k < lines.size(); ++k) {
    if (const Run* r = note_at[k]) {
      Line note;
      note.kind = LineKind::Note;
      note.depth = r->depth;
      note.text = "\xE2\x80\xA6 " + std::to_string(r->blocks.size() - r->keep) + " more like [" +
                  std::to_string(lines[r->first_block].index) + "]";
      out.push_back(std::move(note));
    }
    if (!removed[k]) out.push_back(std::move(lines[k]));
  }
  lines.swap(out);
}

}  // namespace dehydra::index
