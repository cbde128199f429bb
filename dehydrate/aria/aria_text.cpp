#include "aria_text.hpp"

#include <cstdint>

namespace dehydra::aria {

std::string normalize_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  size_t i = 0;
  while (i < s.size()) {
    size_t start = i;
    uint32_t cp = next_code_point(s, i);
    if (cp == 0x200B || cp == 0xAD) continue;
    if (is_js_space(cp)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.append(s.data() + start, i - start);
  }
  return out;
}

}  // namespace dehydra::aria
