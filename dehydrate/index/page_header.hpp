// The header and footer getBrowserState wraps the content in: title, URL, page size and scroll
// position, and where more content lies when only the viewport is shown.
#pragma once
#include <string>
#include <string_view>

#include "../snapshot/arena.hpp"

namespace dehydra::index {

// `notice`: a line under the title line (an open modal), or empty.
std::string page_header(const snapshot::PageInfo& page, bool full_page, std::string_view notice = {});
std::string page_footer(const snapshot::PageInfo& page, bool full_page);

}  // namespace dehydra::index
