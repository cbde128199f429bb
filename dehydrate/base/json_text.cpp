#include "json_text.hpp"

#include "js_number.hpp"
#include "js_string.hpp"

namespace dehydra::common {
void append_json_string(std::string& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  out.push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
      size_t run = i + 1;
      while (run < s.size()) {
        unsigned char r = static_cast<unsigned char>(s[run]);
        if (r < 0x20 || r >= 0x80 || r == '"' || r == '\\') break;
        ++run;
      }
      out.append(s.data() + i, run - i);
      i = run;
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; ++i; continue;
      case '\\': out += "\\\\"; ++i; continue;
      case '\n': out += "\\n"; ++i; continue;
      case '\r': out += "\\r"; ++i; continue;
      case '\t': out += "\\t"; ++i; continue;
      case '\b': out += "\\b"; ++i; continue;
      case '\f': out += "\\f"; ++i; continue;
      default: break;
    }
    if (c < 0x20) {
      out += "\\u00";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
      ++i;
      continue;
    }
    size_t start = i;
    if (decode_utf8(s, i) == kMalformedUtf8) out += "\xEF\xBF\xBD";
    else out.append(s.data() + start, i - start);
  }
  out.push_back('"');
}

void append_json_number(std::string& out, double x) { append_js_number(out, x); }

}  // namespace dehydra::common
