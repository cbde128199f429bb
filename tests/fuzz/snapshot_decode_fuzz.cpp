// libFuzzer: any bytes, split into a word stream and a string blob, must decode or be refused
// cleanly (ASan/UBSan watch for the rest). Half the inputs get a valid header so the fuzzer
// reaches the record decoder.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "dehydrate/snapshot/arena.hpp"

using namespace dehydra::snapshot;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  size_t split = data[0] % (size - 1) + 1;
  bool fix_header = data[1] & 1;
  size_t word_bytes = (split - 1) & ~size_t(3);
  std::vector<uint32_t> words(word_bytes / 4);
  if (word_bytes) std::memcpy(words.data(), data + 1, word_bytes);
  const char* strings = reinterpret_cast<const char*>(data + split);
  size_t string_bytes = size - split;
  if (fix_header) {
    if (words.size() < kHeaderWords) words.resize(kHeaderWords + words.size());
    words[H_MAGIC] = kMagic;
    words[H_VERSION] = kVersion;
    words[H_WORDS] = static_cast<uint32_t>(words.size());
    uint32_t nul = 0;
    for (size_t i = 0; i < string_bytes; ++i) nul += strings[i] == '\0';
    words[H_STRINGS] = nul + 1;
    words[H_URL] = kNoString;
    words[H_TITLE] = kNoString;
    words[H_ELEMENTS] %= 64;
  }
  Snapshot s;
  if (decode(words.data(), words.size(), strings, string_bytes, s).ok()) {
    // A decoded arena must be internally consistent.
    for (const Node& n : s.nodes) {
      if (n.parent != kNone && n.parent >= s.nodes.size()) __builtin_trap();
      if (n.first_child != kNone && n.first_child >= s.nodes.size()) __builtin_trap();
      if (n.is_element() && n.attr_begin + n.attr_count > s.attributes.size()) __builtin_trap();
    }
  }
  return 0;
}
