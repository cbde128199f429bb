// Link and image targets: resolved against the document base, kept only for safe schemes.
#pragma once
#include <string>
#include <string_view>

#include "../snapshot/arena.hpp"
#include "noise.hpp"

namespace dehydra::markdown {

// http, https, mailto, tel, ftp — and file when the document itself is a file.
bool safe_scheme(std::string_view scheme, std::string_view base);

// The absolute URL of `href` when it is safe to show as a link, else "" (javascript:, data:, ...).
std::string safe_link(std::string_view base, std::string_view href);

// The best source of an <img>: src unless it is a placeholder, else lazy data-src / data-original,
// else the widest srcset candidate. Resolved; "" when there is none or it is not http(s).
std::string image_source(const snapshot::Snapshot& s, const snapshot::Node& img, std::string_view base);

// What a link that shows nothing says, as a screen reader would: its aria-label, else what the
// pictures shown inside it say (common::spoken_label), else its title. "" when it says nothing.
// `noise`: what hides itself (visibility:hidden); an invisible link says nothing.
std::string empty_link_label(const snapshot::Snapshot& s, const NoiseRules& noise, uint32_t link);

}  // namespace dehydra::markdown
