#include "line.hpp"
#include "../base/noinline.hpp"

namespace dehydra::index {

DEHYDRA_STAGE std::string render_lines(const std::vector<Line>& lines) {
  size_t size = 0;
  for (const Line& l : lines) size += l.depth + l.text.size() + 1;
  std::string out;
  out.reserve(size);
  for (size_t k = 0; k < lines.size(); ++k) {
    if (k) out.push_back('\n');
    out.append(lines[k].depth, '\t');
    out.append(lines[k].text);
  }
  return out;
}

}  // namespace dehydra::index
