#include "block_layout.hpp"

#include "escape.hpp"

namespace dehydra::markdown {

void BlockLayout::push_container(std::string first, std::string rest) {
  containers_.push_back({std::move(first), std::move(rest), false});
}

void BlockLayout::pop_container() {
  if (!containers_.empty()) containers_.pop_back();
}

std::string BlockLayout::prefix(bool blank) {
  std::string p;
  for (Container& c : containers_) {
    if (blank) {
      if (!c.started) break;
      p += c.rest;
    } else if (c.started) {
      p += c.rest;
    } else {
      p += c.first;
      c.started = true;
    }
  }
  if (blank) {
    while (!p.empty() && p.back() == ' ') p.pop_back();
  }
  return p;
}

void BlockLayout::line(std::string_view text) {
  if (!out_.empty()) {
    int n = pending_ < 1 ? 1 : pending_;
    out_ += '\n';
    for (int i = 1; i < n; ++i) {
      out_ += prefix(true);
      out_ += '\n';
    }
  }
  pending_ = 0;
  std::string p = prefix(false);
  out_ += p;
  out_.append(text.data(), text.size());
  if (text.empty()) {
    while (!out_.empty() && out_.back() == ' ') out_.pop_back();
  }
}

void BlockLayout::paragraph(const std::vector<std::string>& lines) {
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string l = escape_line_start(lines[i]);
    if (i + 1 < lines.size()) l += "  ";
    line(l);
  }
}

void BlockLayout::verbatim(std::string_view text) {
  size_t start = 0;
  for (;;) {
    size_t nl = text.find('\n', start);
    std::string_view l = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    line(l);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
}

std::string BlockLayout::take() {
  std::string s = std::move(out_);
  out_.clear();
  containers_.clear();
  pending_ = 0;
  return s;
}

}  // namespace dehydra::markdown
