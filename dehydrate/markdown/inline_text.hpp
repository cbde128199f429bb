// The inline content of one block (paragraph, heading, list item line, table cell) while it is being
// collected: escaped text with HTML whitespace collapsed across node boundaries, hard breaks, and
// markers where emphasis and links open and close. The markers become delimiters only when the
// whole block is known (see emphasis.hpp), because CommonMark's flanking rules look at both sides.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dehydra::markdown {

// Marker bytes inside InlineText::text. Text never contains them (append_escaped drops C0 bytes).
enum Marker : char {
  kOpenStrong = '\x01', kCloseStrong = '\x02',
  kOpenEm = '\x03', kCloseEm = '\x04',
  kOpenDel = '\x05', kCloseDel = '\x06',
  kOpenLink = '\x0E', kCloseLink = '\x0F',
  kHardBreak = '\n',
};

struct LinkTarget {
  std::string destination;  // already encoded for Markdown
  std::string title;        // already quoted, or empty
};

class InlineText {
 public:
  // Text from the page: ASCII whitespace runs become one space (NBSP is kept), then escaped.
  void append_text(std::string_view raw);
  // Markdown that is already final (an image, a code span): separated by a pending space if any.
  void append_markdown(std::string_view md);
  // A word boundary (inline-block edges, blocks inside inline-only contexts).
  void boundary() { if (!text_.empty()) pending_space_ = true; }
  void hard_break();
  void open(Marker m) { flush_space(); text_ += m; }
  void close(Marker m) { text_ += m; }
  void open_link(LinkTarget target);

  bool empty() const { return text_.empty(); }
  // This block holds an open link with nothing but markers and spaces after it.
  bool link_is_empty() const;
  // The resolved Markdown lines (hard breaks split lines), then the buffer is cleared.
  std::vector<std::string> take_lines();

 private:
  void flush_space();
  std::string text_;
  std::vector<LinkTarget> links_;
  bool pending_space_ = false;
};

}  // namespace dehydra::markdown
