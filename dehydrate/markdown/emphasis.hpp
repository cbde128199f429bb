// Turns a block's collected inline text (see inline_text.hpp) into final Markdown lines: markers
// are tightened around their content (spaces move outside), empty emphasis and links vanish, and
// each emphasis pair becomes `**`/`*`/`_`/`~~` when CommonMark's flanking rules let it round-trip,
// else the HTML tag (`<strong>`), so the reader always gets back what the page meant.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "inline_text.hpp"

namespace dehydra::markdown {

std::vector<std::string> resolve_inline(std::string_view text, const std::vector<LinkTarget>& links);

}  // namespace dehydra::markdown
