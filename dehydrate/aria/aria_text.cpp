#include "aria_text.hpp"

#include <cstdint>

namespace dehydra::aria {

bool is_js_space(uint32_t cp) {
  if (cp == ' ' || (cp >= 0x09 && cp <= 0x0D)) return true;
  if (cp < 0xA0) return false;
  return cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
}

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
