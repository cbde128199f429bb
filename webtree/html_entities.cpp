#include "html_entities.hpp"

#include "../dehydrate/base/ascii_text.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
struct Entity {
  const char* name;
  uint32_t code;
};

// Named references that may appear without the semicolon (legacy), a subset of the HTML list.
constexpr Entity kLegacy[] = {{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"nbsp", 0xA0},
                              {"copy", 0xA9}, {"reg", 0xAE}};

constexpr Entity kNamed[] = {
    {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}, {"nbsp", 0xA0},
    {"copy", 0xA9}, {"reg", 0xAE}, {"trade", 0x2122}, {"hellip", 0x2026}, {"mdash", 0x2014},
    {"ndash", 0x2013}, {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"ldquo", 0x201C}, {"rdquo", 0x201D},
    {"sbquo", 0x201A}, {"bdquo", 0x201E}, {"laquo", 0xAB}, {"raquo", 0xBB}, {"middot", 0xB7},
    {"bull", 0x2022}, {"deg", 0xB0}, {"plusmn", 0xB1}, {"times", 0xD7}, {"divide", 0xF7},
    {"para", 0xB6}, {"sect", 0xA7}, {"cent", 0xA2}, {"pound", 0xA3}, {"yen", 0xA5},
    {"euro", 0x20AC}, {"larr", 0x2190}, {"uarr", 0x2191}, {"rarr", 0x2192}, {"darr", 0x2193},
    {"harr", 0x2194}, {"iexcl", 0xA1}, {"iquest", 0xBF}, {"shy", 0xAD}, {"ensp", 0x2002},
    {"emsp", 0x2003}, {"thinsp", 0x2009}, {"zwj", 0x200D}, {"zwnj", 0x200C}, {"lrm", 0x200E},
    {"rlm", 0x200F}, {"sup1", 0xB9}, {"sup2", 0xB2}, {"sup3", 0xB3}, {"frac12", 0xBD},
    {"frac14", 0xBC}, {"frac34", 0xBE}, {"micro", 0xB5}, {"not", 0xAC}, {"prime", 0x2032},
    {"Prime", 0x2033}, {"minus", 0x2212}, {"le", 0x2264}, {"ge", 0x2265}, {"ne", 0x2260},
    {"asymp", 0x2248}, {"infin", 0x221E}, {"sum", 0x2211}, {"prod", 0x220F}, {"radic", 0x221A},
    {"lowast", 0x2217}, {"dagger", 0x2020}, {"Dagger", 0x2021}, {"permil", 0x2030},
    {"lsaquo", 0x2039}, {"rsaquo", 0x203A}, {"tab", 0x09}, {"newline", 0x0A}, {"excl", '!'},
    {"num", '#'}, {"dollar", '$'}, {"percnt", '%'}, {"lpar", '('}, {"rpar", ')'}, {"ast", '*'},
    {"plus", '+'}, {"comma", ','}, {"period", '.'}, {"sol", '/'}, {"colon", ':'}, {"semi", ';'},
    {"equals", '='}, {"quest", '?'}, {"commat", '@'}, {"lsqb", '['}, {"rsqb", ']'},
    {"bsol", '\\'}, {"lowbar", '_'}, {"grave", '`'}, {"lcub", '{'}, {"rcub", '}'}, {"verbar", '|'},
    {"Hat", '^'}};

using common::is_ascii_alnum;

bool numeric(std::string_view s, size_t& i, std::string& out) {
  size_t k = i + 2;
  bool hex = k < s.size() && (s[k] == 'x' || s[k] == 'X');
  if (hex) ++k;
  size_t digits_start = k;
  uint32_t value = 0;
  bool overflow = false;
  while (k < s.size()) {
    char c = s[k];
    int d = hex ? common::ascii_hex_value(c) : common::is_ascii_digit(c) ? c - '0' : -1;
    if (d < 0) break;
    if (!overflow) value = value * (hex ? 16 : 10) + static_cast<uint32_t>(d);
    if (value > 0x10FFFF) overflow = true;
    ++k;
  }
  if (k == digits_start) return false;
  if (k < s.size() && s[k] == ';') ++k;
  if (overflow || value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) value = 0xFFFD;
  common::append_utf8(out, value);
  i = k;
  return true;
}
}  // namespace

bool decode_character_reference(std::string_view s, size_t& i, bool in_attribute, std::string& out) {
  if (i + 1 >= s.size()) return false;
  if (s[i + 1] == '#') return numeric(s, i, out);
  size_t k = i + 1;
  while (k < s.size() && is_ascii_alnum(s[k]) && k - i < 40) ++k;
  std::string_view name = s.substr(i + 1, k - i - 1);
  if (name.empty()) return false;
  if (k < s.size() && s[k] == ';') {
    for (const Entity& e : kNamed) {
      if (name == e.name) {
        common::append_utf8(out, e.code);
        i = k + 1;
        return true;
      }
    }
  }
  // Without the semicolon only the legacy names, and in attributes not before [alnum=].
  for (const Entity& e : kLegacy) {
    std::string_view legacy = e.name;
    if (name.substr(0, legacy.size()) != legacy) continue;
    size_t after = i + 1 + legacy.size();
    if (in_attribute && after < s.size() && (is_ascii_alnum(s[after]) || s[after] == '=')) return false;
    common::append_utf8(out, e.code);
    i = after;
    return true;
  }
  return false;
}

}  // namespace dehydra::webtree
