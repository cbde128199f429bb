#include "page_header.hpp"

#include <algorithm>

#include "../base/js_number.hpp"

namespace dehydra::index {
namespace {
using common::js_number;
using common::js_to_fixed;

struct Scroll {
  double vw, vh, pw, ph, above, below, pages_above, pages_below, total_pages, position;
};

Scroll measure(const snapshot::PageInfo& p) {
  Scroll m{};
  m.vw = p.viewport_w; m.vh = p.viewport_h; m.pw = p.page_w; m.ph = p.page_h;
  m.above = p.scroll_y;
  m.below = std::max(0.0, m.ph - (m.vh + m.above));
  m.pages_above = m.vh > 0 ? m.above / m.vh : 0;
  m.pages_below = m.vh > 0 ? m.below / m.vh : 0;
  m.total_pages = m.vh > 0 ? m.ph / m.vh : 0;
  m.position = m.above / std::max(1.0, m.ph - m.vh);
  return m;
}
}  // namespace

std::string page_header(const snapshot::PageInfo& p, bool full_page, std::string_view notice) {
  Scroll m = measure(p);
  std::string h = "Current Page: [";
  h.append(p.title).append("](").append(p.url).append(")\n");
  h += "Page info: " + js_number(m.vw) + "x" + js_number(m.vh) + "px viewport, " + js_number(m.pw) + "x" +
       js_number(m.ph) + "px total page size, " + js_to_fixed(m.pages_above, 1) + " pages above, " +
       js_to_fixed(m.pages_below, 1) + " pages below, " + js_to_fixed(m.total_pages, 1) + " total pages, at " +
       js_to_fixed(m.position * 100, 0) + "% of page\n\n";
  h += full_page ? "Interactive elements from top layer of the current page (full page):"
                 : "Interactive elements from top layer of the current page inside the viewport:";
  if (!notice.empty()) h.append("\n").append(notice);
  h += "\n\n";
  if (m.above > 4 && !full_page)
    h += "... " + js_number(m.above) + " pixels above (" + js_to_fixed(m.pages_above, 1) +
        " pages) - scroll to see more ...";
  else
    h += "[Start of page]";
  return h;
}

std::string page_footer(const snapshot::PageInfo& p, bool full_page) {
  Scroll m = measure(p);
  if (m.below > 4 && !full_page)
    return "... " + js_number(m.below) + " pixels below (" + js_to_fixed(m.pages_below, 1) +
        " pages) - scroll to see more ...";
  return "[End of page]";
}

}  // namespace dehydra::index
