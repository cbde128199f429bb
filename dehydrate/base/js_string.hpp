// The core's text library: UTF-8 decoding, JavaScript string semantics on UTF-8 text (so the core
// prints and measures what JS would), String.prototype.trim's whitespace set, lengths in UTF-16
// code units, toLowerCase for the common scripts. Both cores (dehydrate/ and webtree/) use it.
//
// Malformed UTF-8 has one meaning everywhere: each maximal subpart of an ill-formed sequence is one
// U+FFFD, as the WHATWG decoder (TextDecoder, and so embind's UTF8ToString) reads it. Lengths and
// prefixes therefore count what JS sees once the core's text reaches it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace dehydra::common {

// JavaScript's whitespace (\s, String.prototype.trim): ASCII tab/LF/VT/FF/CR/space, NBSP, U+1680,
// U+2000–U+200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF.
bool is_js_space(char32_t c);

// Trims what String.prototype.trim removes (is_js_space).
std::string_view js_trim(std::string_view s);

// True when s holds only such whitespace (or nothing).
inline bool js_blank(std::string_view s) { return js_trim(s).empty(); }

// Length in UTF-16 code units (String.prototype.length).
size_t utf16_length(std::string_view s);

// The longest prefix of at most `units` UTF-16 code units (never splitting a code point).
std::string_view utf16_prefix(std::string_view s, size_t units);

// Lowercases ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic capitals (what pages mostly use).
std::string js_lower(std::string_view s);

// What decode_utf8 returns for an ill-formed sequence: no scalar value decodes to it.
inline constexpr char32_t kMalformedUtf8 = 0x110000;

// Decodes the code point at s[i] (i < s.size()) and advances i past it. An ill-formed sequence
// (a lone continuation byte, a lead byte cut short, an overlong form, an encoded surrogate, a value
// above U+10FFFF) advances past its maximal subpart only and returns kMalformedUtf8.
char32_t decode_utf8(std::string_view s, size_t& i);

// decode_utf8 with U+FFFD for an ill-formed subpart: the code point JS sees.
inline char32_t next_code_point(std::string_view s, size_t& i) {
  char32_t c = decode_utf8(s, i);
  return c == kMalformedUtf8 ? 0xFFFD : c;
}

void append_utf8(std::string& out, char32_t cp);

// C0 controls other than tab, LF and CR, and DEL.
bool has_control_characters(std::string_view s);

}  // namespace dehydra::common
