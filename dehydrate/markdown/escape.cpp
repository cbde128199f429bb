#include "escape.hpp"

#include "../base/ascii_text.hpp"

namespace dehydra::markdown {
namespace {

bool entity_follows(std::string_view text, size_t amp) {
  size_t i = amp + 1;
  if (i < text.size() && text[i] == '#') ++i;
  size_t start = i;
  while (i < text.size() && i - start < 32) {
    char c = text[i];
    if (c == ';') return i > start;
    if (!common::is_ascii_alnum(c)) return false;
    ++i;
  }
  return false;
}

const char kHex[] = "0123456789ABCDEF";

}  // namespace

void append_escaped(std::string& out, std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 && !common::is_ascii_space(c)) continue;
    if (u == 0x7F) continue;
    switch (c) {
      case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '>': case '~': case '|':
        out += '\\';
        out += c;
        break;
      case '&':
        if (entity_follows(text, i)) out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
}

std::string escape_line_start(std::string_view line) {
  std::string out;
  if (line.empty()) return out;
  char c = line[0];
  if (c == '#') return "\\" + std::string(line);
  if ((c == '+' || c == '-') && (line.size() == 1 || common::is_space_or_tab(line[1])))
    return "\\" + std::string(line);
  if (c == '=' || c == '-') {
    bool only = true;
    for (char d : line) if (d != c && !common::is_space_or_tab(d)) { only = false; break; }
    if (only) return "\\" + std::string(line);
  }
  size_t digits = 0;
  while (digits < line.size() && digits < 10 && common::is_ascii_digit(line[digits])) ++digits;
  if (digits > 0 && digits <= 9 && digits < line.size() && (line[digits] == '.' || line[digits] == ')') &&
      (digits + 1 == line.size() || common::is_space_or_tab(line[digits + 1]))) {
    out.assign(line.data(), digits);
    out += '\\';
    out.append(line.data() + digits, line.size() - digits);
    return out;
  }
  return std::string(line);
}

std::string link_destination(std::string_view url) {
  std::string out;
  out.reserve(url.size());
  for (char c : url) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7F || c == '(' || c == ')' || c == '<' || c == '>' || c == '\\' || c == '`') {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string link_title(std::string_view title) {
  std::string out = " \"";
  bool space = false;
  for (char c : title) {
    if (common::is_ascii_space(c)) { space = true; continue; }
    if (space && out.size() > 2) out += ' ';
    space = false;
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

size_t longest_run(std::string_view text, char c) {
  size_t best = 0, run = 0;
  for (char d : text) {
    run = d == c ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

std::string code_span(std::string_view text) {
  // The shortest fence whose length differs from every backtick run inside.
  size_t fence = 1;
  for (;;) {
    bool clash = false;
    size_t run = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
      if (i < text.size() && text[i] == '`') { ++run; continue; }
      if (run == fence) { clash = true; break; }
      run = 0;
    }
    if (!clash) break;
    ++fence;
  }
  std::string ticks(fence, '`');
  bool pad = !text.empty() && (text.front() == '`' || text.back() == '`' ||
                               (text.front() == ' ' && text.back() == ' ' &&
                                text.find_first_not_of(' ') != std::string_view::npos));
  std::string out = ticks;
  if (pad) out += ' ';
  out.append(text.data(), text.size());
  if (pad) out += ' ';
  out += ticks;
  return out;
}

}  // namespace dehydra::markdown
