// Block structure of the output: nested containers (blockquotes, list items) that prefix every line,
// and the blank lines between blocks. Paragraph text arrives already resolved into lines.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace dehydra::markdown {

class BlockLayout {
 public:
  // Newlines wanted before the next line: 1 starts a new line, 2 leaves a blank line.
  void separate(int newlines) { if (newlines > pending_) pending_ = newlines; }
  // A container whose first line starts with `first` and whose other lines start with `rest`.
  void push_container(std::string first, std::string rest);
  // Closes the innermost container. One that received no line leaves nothing (an empty item).
  void pop_container();
  size_t depth() const { return containers_.size(); }

  // One output line under the current containers.
  void line(std::string_view text);
  // A paragraph: lines joined by hard breaks, each escaped at its start.
  void paragraph(const std::vector<std::string>& lines);
  // Lines written verbatim (code block bodies): only the container prefixes are added.
  void verbatim(std::string_view text);

  std::string take();

 private:
  std::string prefix(bool blank);
  struct Container { std::string first, rest; bool started = false; };
  std::vector<Container> containers_;
  std::string out_;
  int pending_ = 0;
};

}  // namespace dehydra::markdown
