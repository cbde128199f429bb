// The records of dehydrate/snapshot/format.hpp (end) as js-shim/page_controller/core_records.js
// writes them, for tests that call the session as the shim does.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "dehydrate/snapshot/format.hpp"

namespace dehydra::testing {

struct Record {
  std::vector<uint32_t> words;
  std::string strings;  // NUL-joined
  uint32_t count = 0;   // strings in the table
  uint32_t add(const std::string& s) {
    if (count) strings.push_back('\0');
    strings += s;
    return count++;
  }
};

// The options record. Keys not set take the core's defaults.
class OptionsRecord {
 public:
  OptionsRecord& flag(uint32_t key, bool v) {
    given_ |= key;
    if (v) values_ |= key; else values_ &= ~key;
    return *this;
  }
  OptionsRecord& number(uint32_t key, uint32_t word, double v) {
    given_ |= key;
    numbers_[(word - snapshot::O_VIEWPORT_EXPANSION) / 2] = v;
    return *this;
  }
  OptionsRecord& session(uint32_t id) { session_ = id; return *this; }
  OptionsRecord& include(const std::string& pattern) { include_.push_back(pattern); return *this; }
  OptionsRecord& blacklist(uint32_t id) { black_.push_back(id); return *this; }

  Record finish() const {
    Record r;
    r.words.assign(snapshot::kOptionsWords, 0);
    r.words[snapshot::O_GIVEN] = given_;
    r.words[snapshot::O_BOOLEANS] = values_;
    r.words[snapshot::O_SESSION] = session_;
    std::memcpy(&r.words[snapshot::O_VIEWPORT_EXPANSION], numbers_, sizeof numbers_);
    r.words.push_back(static_cast<uint32_t>(include_.size()));
    for (const auto& s : include_) r.words.push_back(r.add(s));
    r.words.push_back(static_cast<uint32_t>(black_.size()));
    r.words.insert(r.words.end(), black_.begin(), black_.end());
    r.words.push_back(0);  // whitelist
    r.words[snapshot::O_STRINGS] = r.count;
    return r;
  }

 private:
  uint32_t given_ = 0, values_ = 0, session_ = 0;
  double numbers_[4] = {};
  std::vector<std::string> include_;
  std::vector<uint32_t> black_;
};

// The hits record: covered stable ids, then those on top.
inline std::vector<uint32_t> hits_record(const std::vector<uint32_t>& covered = {},
                                         const std::vector<uint32_t>& on_top = {}) {
  std::vector<uint32_t> w{static_cast<uint32_t>(covered.size())};
  w.insert(w.end(), covered.begin(), covered.end());
  w.push_back(static_cast<uint32_t>(on_top.size()));
  w.insert(w.end(), on_top.begin(), on_top.end());
  return w;
}

}  // namespace dehydra::testing
