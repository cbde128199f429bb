// JavaScript string semantics on UTF-8 text, so the core prints what Page Agent's JS would print:
// String.prototype.trim's whitespace set, lengths in UTF-16 code units, toLowerCase for the common
// scripts.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace dehydra::common {

// Trims the characters String.prototype.trim removes (ASCII space/controls, NBSP, U+1680,
// U+2000–U+200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF).
std::string_view js_trim(std::string_view s);

// True when s holds only such whitespace (or nothing).
inline bool js_blank(std::string_view s) { return js_trim(s).empty(); }

// Length in UTF-16 code units (String.prototype.length).
size_t utf16_length(std::string_view s);

// The longest prefix of at most `units` UTF-16 code units (never splitting a code point).
std::string_view utf16_prefix(std::string_view s, size_t units);

// Lowercases ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic capitals (what pages mostly use).
std::string js_lower(std::string_view s);

// Decodes one code point at s[i], advancing i; invalid bytes decode as U+FFFD one byte at a time.
char32_t next_code_point(std::string_view s, size_t& i);
void append_utf8(std::string& out, char32_t cp);

}  // namespace dehydra::common
