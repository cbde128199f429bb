#include "word_reader.hpp"

namespace dehydra::snapshot {

bool split_strings(std::string_view blob, uint32_t declared, std::vector<std::string_view>& out) {
  out.clear();
  if (declared == 0) return true;
  if (declared > blob.size() + 1) return false;
  out.reserve(declared);
  size_t start = 0;
  for (size_t i = 0; i <= blob.size(); ++i) {
    if (i == blob.size() || blob[i] == '\0') {
      out.push_back(blob.substr(start, i - start));
      start = i + 1;
    }
  }
  return out.size() == declared;
}

}  // namespace dehydra::snapshot
