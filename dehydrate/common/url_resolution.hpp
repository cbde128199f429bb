// Resolving a reference (href, src) against a base URL the way a browser does for http(s) and file
// URLs, and telling its scheme. Pure string work: no allocation beyond the result, no recursion.
#pragma once
#include <string>
#include <string_view>

namespace dehydra::common {

// The reference with ASCII tab/newline removed and leading/trailing C0 controls and spaces trimmed,
// as the URL parser does before anything else ("java\tscript:" is "javascript:").
std::string strip_url_whitespace(std::string_view ref);

// Lowercase scheme of an absolute URL ("https"), or "" when `url` is relative.
std::string url_scheme(std::string_view url);

// `ref` resolved against the absolute `base` (RFC 3986 section 5.2, dot segments removed).
// A `ref` that has a scheme is returned stripped. An empty base leaves relative refs as they are.
std::string resolve_url(std::string_view base, std::string_view ref);

}  // namespace dehydra::common
