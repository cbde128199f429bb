#include "options.hpp"

#include <cstring>
#include <utility>

#include "../base/noinline.hpp"
#include "../snapshot/format.hpp"
#include "../snapshot/word_reader.hpp"

namespace dehydra::index {
namespace {
using namespace snapshot;
using common::failure;
using common::Outcome;
using common::passed;

// A string table's strings, as views of the caller's bytes.
Outcome<std::vector<std::string_view>> read_strings(const char* bytes, size_t size, uint32_t declared,
                                                    const char* record) {
  std::vector<std::string_view> out;
  if (split_strings(std::string_view(bytes, size), declared, out)) return common::success(std::move(out));
  return failure(std::string(record) + " record: its string table does not hold " + std::to_string(declared) +
                 " strings");
}

bool string_at(const std::vector<std::string_view>& strings, uint32_t id, std::string& out) {
  if (id >= strings.size()) return false;
  out.assign(strings[id]);
  return true;
}

double number_at(const uint32_t* words, uint32_t at) {
  double v;
  std::memcpy(&v, words + at, sizeof v);
  return v;
}

// The caps given, in UTF-16 units or tokens: a whole number is what the caller means; the fraction goes.
Outcome<bool> read_caps(const uint32_t* words, uint32_t given, IndexOptions& o) {
  struct Cap {
    uint32_t key, at;
    const char* name;
    uint32_t* field;
  };
  const Cap caps[] = {{OPT_MAX_ELEMENT_TEXT, O_MAX_ELEMENT_TEXT, "maxElementText", &o.max_element_text},
                      {OPT_MAX_BARE_TEXT, O_MAX_BARE_TEXT, "maxBareText", &o.max_bare_text},
                      {OPT_MAX_TOKENS, O_MAX_TOKENS, "maxTokens", &o.max_tokens}};
  for (const Cap& c : caps) {
    if (!(given & c.key)) continue;
    double v = number_at(words, c.at);
    if (!(v >= 0 && v <= 1e9)) return failure(std::string(c.name) + " must be a number from 0 to 1000000000");
    *c.field = static_cast<uint32_t>(v);
  }
  return passed();
}
}  // namespace

DEHYDRA_STAGE Outcome<bool> decode_options(const uint32_t* words, size_t word_count, const char* strings,
                                           size_t string_bytes, IndexOptions& out) {
  const char* truncated = "options record truncated";
  if (word_count < kOptionsWords) return failure(truncated);
  IndexOptions o;
  const uint32_t given = words[O_GIVEN], values = words[O_BOOLEANS];
  auto flag = [&](uint32_t key, bool& field) {
    if (given & key) field = (values & key) != 0;
  };
  flag(OPT_KEEP_SEMANTIC_TAGS, o.keep_semantic_tags);
  flag(OPT_PAGE_AGENT_COMPAT, o.page_agent_compat);
  flag(OPT_STABLE_INDICES, o.stable_indices);
  flag(OPT_DIFF, o.diff);
  flag(OPT_BOXES, o.boxes);
  o.session = words[O_SESSION];
  if (given & OPT_VIEWPORT_EXPANSION) {
    o.viewport_expansion = number_at(words, O_VIEWPORT_EXPANSION);
    if (o.viewport_expansion != o.viewport_expansion) return failure("viewportExpansion must be a number");
  }
  Outcome<bool> caps = read_caps(words, given, o);
  if (!caps.ok()) return caps;
  Outcome<std::vector<std::string_view>> table = read_strings(strings, string_bytes, words[O_STRINGS], "options");
  if (!table.ok()) return failure(table.error);
  WordReader lists(words + kOptionsWords, word_count - kOptionsWords);
  std::vector<uint32_t> ids;
  if (!lists.list(ids)) return failure(truncated);
  o.include_attributes.resize(ids.size());
  for (size_t k = 0; k < ids.size(); ++k) {
    if (!string_at(table.value, ids[k], o.include_attributes[k]))
      return failure("options record: includeAttributes names no string");
  }
  if (!lists.list(o.blacklist) || !lists.list(o.whitelist)) return failure(truncated);
  if (!lists.at_end()) return failure("options record: words left after its lists");
  out = std::move(o);
  return passed();
}

DEHYDRA_STAGE Outcome<bool> decode_pointer_layers(const uint32_t* words, size_t word_count, const char* strings,
                                                  size_t string_bytes, IndexOptions& out) {
  const char* bad = "pointer layers record truncated or malformed";
  WordReader r(words, word_count);
  uint32_t declared = 0, count = 0;
  if (!r.word(declared)) return failure(bad);
  Outcome<std::vector<std::string_view>> table = read_strings(strings, string_bytes, declared, "pointer layers");
  if (!table.ok()) return failure(table.error);
  std::vector<std::vector<uint32_t>> points;
  if (!r.word(count) || count > word_count) return failure(bad);
  points.resize(count);
  for (auto& ids : points)
    if (!r.list(ids)) return failure(bad);
  std::vector<IndexOptions::PointerFact> facts;
  if (!r.word(count) || count > word_count / snapshot::kPointerFactWords) return failure(bad);
  facts.resize(count);
  for (auto& f : facts) {
    uint32_t w[snapshot::kPointerFactWords] = {};
    for (uint32_t& word : w)
      if (!r.word(word)) return failure(bad);
    f.id = w[snapshot::PF_ID];
    if (!string_at(table.value, w[snapshot::PF_POSITION], f.position) ||
        !string_at(table.value, w[snapshot::PF_Z_INDEX], f.z_index))
      return failure(bad);
    f.x = word_float(w[snapshot::PF_X]);
    f.y = word_float(w[snapshot::PF_Y]);
    f.w = word_float(w[snapshot::PF_W]);
    f.h = word_float(w[snapshot::PF_H]);
  }
  if (!r.at_end()) return failure(bad);
  out.pointer_points = std::move(points);
  out.pointer_facts = std::move(facts);
  return passed();
}

static_assert(snapshot::kHitsLists == 2, "decode_hits reads the covered list, then those on top");

DEHYDRA_STAGE Outcome<bool> decode_hits(const uint32_t* words, size_t word_count, IndexOptions& out) {
  WordReader r(words, word_count);
  std::vector<uint32_t> covered, on_top;
  if (!r.list(covered) || !r.list(on_top) || !r.at_end()) return failure("hits record truncated or malformed");
  out.occluded = std::move(covered);
  out.on_top = std::move(on_top);
  return passed();
}

}  // namespace dehydra::index
