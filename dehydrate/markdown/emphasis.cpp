#include "emphasis.hpp"

#include <cstdint>

#include "../base/ascii_text.hpp"

namespace dehydra::markdown {
namespace {

bool is_marker(char c) {
  return c == kOpenStrong || c == kCloseStrong || c == kOpenEm || c == kCloseEm || c == kOpenDel ||
         c == kCloseDel || c == kOpenLink || c == kCloseLink;
}
bool is_open(char c) { return c == kOpenStrong || c == kOpenEm || c == kOpenDel || c == kOpenLink; }

// Character classes for CommonMark flanking. Markers count as punctuation (they become `*`, `[`...).
enum class Class { Space, Punct, Other };

Class class_before(const std::string& s, size_t pos) {
  if (pos == 0) return Class::Space;
  unsigned char c = static_cast<unsigned char>(s[pos - 1]);
  if (c == ' ' || c == '\n') return Class::Space;
  if (c == 0xA0 && pos >= 2 && static_cast<unsigned char>(s[pos - 2]) == 0xC2) return Class::Space;
  if (is_marker(static_cast<char>(c))) return Class::Punct;
  if (c < 0x80 && !common::is_ascii_alnum(static_cast<char>(c))) return Class::Punct;
  return Class::Other;
}

Class class_after(const std::string& s, size_t pos) {
  if (pos >= s.size()) return Class::Space;
  unsigned char c = static_cast<unsigned char>(s[pos]);
  if (c == ' ' || c == '\n') return Class::Space;
  if (c == 0xC2 && pos + 1 < s.size() && static_cast<unsigned char>(s[pos + 1]) == 0xA0) return Class::Space;
  if (is_marker(static_cast<char>(c))) return Class::Punct;
  if (c < 0x80 && !common::is_ascii_alnum(static_cast<char>(c))) return Class::Punct;
  return Class::Other;
}

bool left_flanking(Class prev, Class next) {
  return next != Class::Space && (next != Class::Punct || prev != Class::Other);
}
bool right_flanking(Class prev, Class next) {
  return prev != Class::Space && (prev != Class::Punct || next != Class::Other);
}

struct Pair {
  size_t open = 0, close = 0;
  char kind = 0;
  int link = -1;
};

// Pass 1: markers tight around visible content, one space between words, empty pairs dropped.
std::string tighten(std::string_view text, const std::vector<LinkTarget>& links, std::vector<int>& link_of_open) {
  std::string out;
  out.reserve(text.size() + 8);
  struct Pending { char marker; int link; };
  std::vector<Pending> pending_opens;
  std::vector<int> open_links;  // link index of each emitted open link, in order
  bool pending_space = false, line_has_content = false;
  int next_link = 0;
  for (char c : text) {
    if (c == ' ') {
      if (line_has_content) pending_space = true;
    } else if (c == kHardBreak) {
      pending_space = false;
      line_has_content = false;
      out += c;
    } else if (is_open(c)) {
      pending_opens.push_back({c, c == kOpenLink ? next_link++ : -1});
    } else if (is_marker(c)) {
      if (!pending_opens.empty()) {
        pending_opens.pop_back();  // opened and closed with nothing visible inside
      } else {
        // A close after a line break (`<b>Title<br></b>Text`) goes before it: at the start of the
        // next line it would flank nothing and fall back to HTML.
        size_t at = out.size();
        while (at > 0 && out[at - 1] == kHardBreak) --at;
        out.insert(at, 1, c);
      }
    } else {
      if (pending_space) out += ' ';
      pending_space = false;
      for (const Pending& p : pending_opens) {
        out += p.marker;
        if (p.marker == kOpenLink) link_of_open.push_back(p.link);
      }
      pending_opens.clear();
      out += c;
      line_has_content = true;
    }
  }
  (void)links;
  return out;
}

// NBSP is whitespace to CommonMark's flanking rules, so one at the inner edge of emphasis breaks
// the delimiters: move it outside (kept as NBSP), as spaces are moved in tighten().
void move_nbsp_outside(std::string& s) {
  const std::string nbsp = "\xC2\xA0";
  for (size_t i = 0; i + 2 < s.size(); ++i) {
    if (!(is_open(s[i]) && s[i] != kOpenLink)) continue;
    size_t j = i;  // a run of opens followed by NBSP: NBSP goes before the run
    while (j < s.size() && is_open(s[j]) && s[j] != kOpenLink) ++j;
    if (s.compare(j, 2, nbsp) == 0) {
      s.erase(j, 2);
      s.insert(i, nbsp);
      i += 1;
    } else {
      i = j - 1;
    }
  }
  for (size_t i = s.size(); i-- > 0;) {
    if (!(is_marker(s[i]) && !is_open(s[i]) && s[i] != kCloseLink)) continue;
    size_t j = i;  // a run of closes preceded by NBSP: NBSP goes after the run
    while (j > 0 && is_marker(s[j - 1]) && !is_open(s[j - 1]) && s[j - 1] != kCloseLink) --j;
    if (j >= 2 && s.compare(j - 2, 2, nbsp) == 0) {
      s.erase(j - 2, 2);
      s.insert(i - 1, nbsp);
      i = j - 1;
    } else {
      i = j;
    }
  }
}

}  // namespace

std::vector<std::string> resolve_inline(std::string_view text, const std::vector<LinkTarget>& links) {
  std::vector<int> link_of_open;
  std::string s = tighten(text, links, link_of_open);
  if (s.find("\xC2\xA0") != std::string::npos) move_nbsp_outside(s);

  // Pass 2: pair markers (they nest: the converter opens and closes them like elements).
  std::vector<Pair> pairs;
  std::vector<size_t> stack;
  std::vector<int32_t> pair_at(s.size(), -1);
  size_t open_link_count = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (!is_marker(c)) continue;
    if (is_open(c)) {
      Pair p;
      p.open = i;
      p.kind = c;
      if (c == kOpenLink) p.link = open_link_count < link_of_open.size() ? link_of_open[open_link_count++] : -1;
      pair_at[i] = static_cast<int32_t>(pairs.size());
      stack.push_back(pairs.size());
      pairs.push_back(p);
    } else if (!stack.empty()) {
      pairs[stack.back()].close = i;
      pair_at[i] = static_cast<int32_t>(stack.back());
      stack.pop_back();
    }
  }
  // Unclosed opens (cannot happen from the converter, but never trust): dropped.
  for (size_t idx : stack) pair_at[pairs[idx].open] = -1;

  // Pass 3: choose each pair's delimiters.
  std::vector<std::string> open_text(pairs.size()), close_text(pairs.size());
  for (size_t k = 0; k < pairs.size(); ++k) {
    Pair& p = pairs[k];
    if (pair_at[p.open] < 0) continue;
    if (p.close == p.open + 1) {  // nothing left inside
      pair_at[p.open] = pair_at[p.close] = -1;
      continue;
    }
    if (p.kind == kOpenLink) {
      const LinkTarget* t = p.link >= 0 && static_cast<size_t>(p.link) < links.size() ? &links[p.link] : nullptr;
      open_text[k] = t ? "[" : "";
      close_text[k] = t ? "](" + t->destination + t->title + ")" : "";
      continue;
    }
    Class before_open = class_before(s, p.open), after_open = class_after(s, p.open + 1);
    Class before_close = class_before(s, p.close), after_close = class_after(s, p.close + 1);
    bool star_ok = left_flanking(before_open, after_open) && right_flanking(before_close, after_close);
    bool underscore_ok = star_ok && before_open != Class::Other && after_close != Class::Other;
    const char* delim = nullptr;
    const char* tag = nullptr;
    if (p.kind == kOpenStrong) { delim = "**"; tag = "strong"; }
    else if (p.kind == kOpenDel) { delim = "~~"; tag = "del"; }
    else {
      tag = "em";
      // `*` next to a `**` would merge into one run (`***`); `_` keeps them apart.
      bool touches_strong = (p.open > 0 && (s[p.open - 1] == kOpenStrong || s[p.open - 1] == kCloseStrong)) ||
                            (p.close + 1 < s.size() &&
                             (s[p.close + 1] == kCloseStrong || s[p.close + 1] == kOpenStrong)) ||
                            (p.open + 1 < s.size() && s[p.open + 1] == kOpenStrong) ||
                            (p.close > 0 && s[p.close - 1] == kCloseStrong);
      if (touches_strong && underscore_ok) delim = "_";
      else if (!touches_strong && star_ok) delim = "*";
      else if (underscore_ok) delim = "_";
      else delim = nullptr;
      if (delim) { open_text[k] = close_text[k] = delim; continue; }
    }
    if (delim && star_ok) {
      open_text[k] = close_text[k] = delim;
    } else {
      open_text[k] = std::string("<") + tag + ">";
      close_text[k] = std::string("</") + tag + ">";
    }
  }

  // Pass 4: emit, split at hard breaks, drop empty lines.
  std::vector<std::string> lines;
  std::string line;
  auto end_line = [&]() {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (!line.empty()) lines.push_back(std::move(line));
    line.clear();
  };
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == kHardBreak) { end_line(); continue; }
    if (is_marker(c)) {
      int32_t k = pair_at[i];
      if (k < 0) continue;
      line += is_open(c) ? open_text[k] : close_text[k];
      continue;
    }
    line += c;
  }
  end_line();
  return lines;
}

}  // namespace dehydra::markdown
