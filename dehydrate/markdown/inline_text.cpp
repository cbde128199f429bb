#include "inline_text.hpp"
#include "../base/ascii_text.hpp"

#include "emphasis.hpp"
#include "escape.hpp"

namespace dehydra::markdown {
namespace {
}  // namespace

void InlineText::flush_space() {
  if (pending_space_ && !text_.empty() && text_.back() != kHardBreak) text_ += ' ';
  pending_space_ = false;
}

void InlineText::append_text(std::string_view raw) {
  size_t i = 0;
  while (i < raw.size()) {
    if (common::is_ascii_space(raw[i])) {
      if (!text_.empty()) pending_space_ = true;
      ++i;
      continue;
    }
    size_t end = i;
    while (end < raw.size() && !common::is_ascii_space(raw[end])) ++end;
    flush_space();
    append_escaped(text_, raw.substr(i, end - i));
    i = end;
  }
}

void InlineText::append_markdown(std::string_view md) {
  if (md.empty()) return;
  flush_space();
  text_.append(md.data(), md.size());
}

bool InlineText::link_is_empty() const {
  for (size_t k = text_.size(); k-- > 0;) {
    char c = text_[k];
    if (c == kOpenLink) return true;
    bool marker = (c >= kOpenStrong && c <= kCloseDel) || c == kCloseLink || c == kHardBreak || c == ' ';
    if (!marker) return false;
  }
  return false;  // no open link in this block
}

void InlineText::hard_break() {
  pending_space_ = false;
  text_ += kHardBreak;
}

void InlineText::open_link(LinkTarget target) {
  flush_space();
  links_.push_back(std::move(target));
  text_ += kOpenLink;
}

std::vector<std::string> InlineText::take_lines() {
  std::vector<std::string> lines = resolve_inline(text_, links_);
  text_.clear();
  links_.clear();
  pending_space_ = false;
  return lines;
}

}  // namespace dehydra::markdown
