#include "options.hpp"

#include <cstring>
#include <utility>

#include "../base/noinline.hpp"
#include "../snapshot/format.hpp"
#include "../snapshot/word_reader.hpp"

namespace dehydra::index {
namespace {
using namespace snapshot;

bool fail(std::string& error, std::string message) {
  error = std::move(message);
  return false;
}

// A string table's strings, as views of the caller's bytes.
bool read_strings(const char* bytes, size_t size, uint32_t declared, const char* record,
                  std::vector<std::string_view>& out, std::string& error) {
  if (split_strings(std::string_view(bytes, size), declared, out)) return true;
  return fail(error, std::string(record) + " record: its string table does not hold " + std::to_string(declared) +
                         " strings");
}

bool string_at(const std::vector<std::string_view>& strings, uint32_t id, std::string& out) {
  if (id >= strings.size()) return false;
  out.assign(strings[id]);
  return true;
}

// A cap in UTF-16 units or tokens: a whole number is what the caller means; the fraction goes.
bool read_cap(double v, const char* key, uint32_t& out, std::string& error) {
  if (!(v >= 0 && v <= 1e9)) return fail(error, std::string(key) + " must be a number from 0 to 1000000000");
  out = static_cast<uint32_t>(v);
  return true;
}
}  // namespace

DEHYDRA_STAGE bool decode_options(const uint32_t* words, size_t word_count, const char* strings, size_t string_bytes,
                                  IndexOptions& out, std::string& error) {
  const char* truncated = "options record truncated";
  if (word_count < kOptionsWords) return fail(error, truncated);
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
  auto number = [words](uint32_t at) {
    double v;
    std::memcpy(&v, words + at, sizeof v);
    return v;
  };
  if (given & OPT_VIEWPORT_EXPANSION) {
    o.viewport_expansion = number(O_VIEWPORT_EXPANSION);
    if (o.viewport_expansion != o.viewport_expansion) return fail(error, "viewportExpansion must be a number");
  }
  if (((given & OPT_MAX_ELEMENT_TEXT) && !read_cap(number(O_MAX_ELEMENT_TEXT), "maxElementText", o.max_element_text, error)) ||
      ((given & OPT_MAX_BARE_TEXT) && !read_cap(number(O_MAX_BARE_TEXT), "maxBareText", o.max_bare_text, error)) ||
      ((given & OPT_MAX_TOKENS) && !read_cap(number(O_MAX_TOKENS), "maxTokens", o.max_tokens, error)))
    return false;
  std::vector<std::string_view> table;
  if (!read_strings(strings, string_bytes, words[O_STRINGS], "options", table, error)) return false;
  WordReader lists(words + kOptionsWords, word_count - kOptionsWords);
  std::vector<uint32_t> ids;
  if (!lists.list(ids)) return fail(error, truncated);
  o.include_attributes.resize(ids.size());
  for (size_t k = 0; k < ids.size(); ++k) {
    if (!string_at(table, ids[k], o.include_attributes[k])) return fail(error, "options record: includeAttributes names no string");
  }
  if (!lists.list(o.blacklist) || !lists.list(o.whitelist)) return fail(error, truncated);
  if (!lists.at_end()) return fail(error, "options record: words left after its lists");
  out = std::move(o);
  return true;
}

DEHYDRA_STAGE bool decode_pointer_layers(const uint32_t* words, size_t word_count, const char* strings,
                                         size_t string_bytes, IndexOptions& out, std::string& error) {
  const char* bad = "pointer layers record truncated or malformed";
  WordReader r(words, word_count);
  uint32_t declared = 0, count = 0;
  if (!r.word(declared)) return fail(error, bad);
  std::vector<std::string_view> table;
  if (!read_strings(strings, string_bytes, declared, "pointer layers", table, error)) return false;
  std::vector<std::vector<uint32_t>> points;
  if (!r.word(count) || count > word_count) return fail(error, bad);
  points.resize(count);
  for (auto& ids : points)
    if (!r.list(ids)) return fail(error, bad);
  std::vector<IndexOptions::PointerFact> facts;
  if (!r.word(count) || count > word_count / 7) return fail(error, bad);
  facts.resize(count);
  for (auto& f : facts) {
    uint32_t position = 0, z_index = 0, box[4] = {};
    bool read = r.word(f.id) && r.word(position) && r.word(z_index) && r.word(box[0]) && r.word(box[1]) &&
                r.word(box[2]) && r.word(box[3]);
    if (!read || !string_at(table, position, f.position) || !string_at(table, z_index, f.z_index)) return fail(error, bad);
    f.x = word_float(box[0]);
    f.y = word_float(box[1]);
    f.w = word_float(box[2]);
    f.h = word_float(box[3]);
  }
  if (!r.at_end()) return fail(error, bad);
  out.pointer_points = std::move(points);
  out.pointer_facts = std::move(facts);
  return true;
}

DEHYDRA_STAGE bool decode_hits(const uint32_t* words, size_t word_count, IndexOptions& out, std::string& error) {
  WordReader r(words, word_count);
  std::vector<uint32_t> covered, on_top;
  if (!r.list(covered) || !r.list(on_top) || !r.at_end()) return fail(error, "hits record truncated or malformed");
  out.occluded = std::move(covered);
  out.on_top = std::move(on_top);
  return true;
}

}  // namespace dehydra::index
