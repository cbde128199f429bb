// Reading what js-shim writes in words (format.hpp): float words, string tables, and a cursor over
// a record that turns a short or lying record into an error, never a read past its end.
#pragma once
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace dehydra::snapshot {

// A float word; NaN never reaches policy code.
inline float word_float(uint32_t w) {
  float f;
  std::memcpy(&f, &w, sizeof f);
  return f != f ? 0.0f : f;
}

// The strings of a table (UTF-8, joined by NUL) as views into `blob`. False unless it holds
// exactly `declared` strings (no string at all when `declared` is 0).
bool split_strings(std::string_view blob, uint32_t declared, std::vector<std::string_view>& out);

class WordReader {
 public:
  WordReader(const uint32_t* words, size_t count) : w_(words), n_(count) {}
  bool word(uint32_t& v) {
    if (pos_ >= n_) return false;
    v = w_[pos_++];
    return true;
  }
  // A count, then that many words.
  bool list(std::vector<uint32_t>& out) {
    uint32_t count = 0;
    if (!word(count) || count > n_ - pos_) return false;
    out.assign(w_ + pos_, w_ + pos_ + count);
    pos_ += count;
    return true;
  }
  bool at_end() const { return pos_ == n_; }

 private:
  const uint32_t* w_;
  size_t n_;
  size_t pos_ = 0;
};

}  // namespace dehydra::snapshot
